import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MENU_KEY } from '../../authProvider';
import { AdminLayout } from '../../src/admin/AdminLayout';
import { LightLayout } from '../../src/admin/LightLayout';
import { ADMIN_BASENAME, AdminStory } from '../../stories/support';
import { onPhone } from './support/media';

// The menu as a login delivers it: the resource entries come without an icon of their own (server/auth/menu.ts), each
// wearing its resource config's (Ensinos: school, Polos: place), not its group's (book).
const MENU = [
  {
    text: 'Cadastros',
    icon: 'book',
    children: [
      { action: 'Ensinos', path: '/admin/ensinos' },
      { action: 'Polos', path: '/admin/polos' },
    ],
  },
  {
    text: 'Pedagógico',
    icon: 'event',
    children: [{ action: 'Minhas aulas', path: '/admin/minhas-aulas', icon: 'event' }],
  },
];

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const iconOf = async (link: string) =>
  within(await screen.findByRole('link', { name: link }))
    .getByTestId(/Icon$/)
    .getAttribute('data-testid');

it("gives each entry of the back office's menu its resource's icon", async () => {
  localStorage.setItem(MENU_KEY, JSON.stringify(MENU));
  render(
    <AdminStory path={`${ADMIN_BASENAME}/ensinos`} titleBar={false}>
      <AdminLayout>
        <p>Ensinos</p>
      </AdminLayout>
    </AdminStory>,
  );
  expect(await iconOf('Ensinos')).toBe('SchoolIcon');
  expect(await iconOf('Polos')).toBe('PlaceIcon');
  expect(await iconOf('Minhas aulas')).toBe('EventNoteIcon');
});

/** The teacher's light layout on Minhas aulas, with the menu the server gave at sign-in. */
function renderLightLayout() {
  localStorage.setItem(MENU_KEY, JSON.stringify(MENU));
  render(
    <AdminStory path={`${ADMIN_BASENAME}/minhas-aulas`} titleBar={false}>
      <LightLayout>
        <p>Minhas aulas</p>
      </LightLayout>
    </AdminStory>,
  );
}

it("gives the light app's menu the same icons, once the configs have loaded after its first paint", async () => {
  renderLightLayout();
  expect(await iconOf('Minhas aulas')).toBe('EventNoteIcon');
  await screen.findByTestId('SchoolIcon');
  expect(await iconOf('Ensinos')).toBe('SchoolIcon');
  expect(await iconOf('Polos')).toBe('PlaceIcon');
});

it("gives the light app's menu on a phone the same icons once the teacher opens it", async () => {
  // The menu is a closed drawer over the roll call: its icons' configs are asked for when it opens (issue 36).
  onPhone();
  renderLightLayout();
  fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
  const menu = await screen.findByRole('dialog');
  expect(await within(menu).findByTestId('SchoolIcon')).toBeTruthy();
  expect(await iconOf('Ensinos')).toBe('SchoolIcon');
  expect(await iconOf('Polos')).toBe('PlaceIcon');
  expect(await iconOf('Minhas aulas')).toBe('EventNoteIcon');
});
