import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type ReactNode } from 'react';
import { userEvent, within } from 'storybook/test';
import { BooksTab } from '../src/students/BooksTab';
import { withAdmin } from './support';

/** The server refusing a book: 422 naming two fields, as `POST /books` answers an incomplete entry. */
const REFUSAL = {
  message: 'O campo Livro é obrigatório. (e mais 1 erro)',
  errors: { book_number: ['O campo Livro é obrigatório.'], page_number: ['O campo Folha é obrigatório.'] },
};

/** While the story is on screen, every call answers the refusal (the tab needs no other server call). */
function RefusingServer({ children }: { children: ReactNode }) {
  const [real] = useState(() => {
    const saved = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify(REFUSAL), {
        status: 422,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    return saved;
  });
  useEffect(
    () => () => {
      globalThis.fetch = real;
    },
    [real],
  );
  return <>{children}</>;
}

const refusingServer: Decorator = (Story) => (
  <RefusingServer>
    <Story />
  </RefusingServer>
);

/** Tab LIVROS of a student: a refused save marks each field the server names, in red with its message. */
const meta = {
  title: 'Alunos/Livros',
  component: BooksTab,
  args: { studentId: 7, books: [], enrolments: [] },
  decorators: [refusingServer, withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof BooksTab>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Registrar livro' }));
  },
  parameters: {
    expectText: [
      'O campo Livro é obrigatório.',
      'O campo Folha é obrigatório.',
      '2 campos precisam de atenção: veja as mensagens em vermelho.',
    ],
  },
};
