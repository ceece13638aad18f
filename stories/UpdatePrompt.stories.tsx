import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { fn } from 'storybook/test';
import { simulateWaitingUpdate } from '../src/pwa/register';
import { UpdatePrompt } from '../src/pwa/UpdatePrompt';

/** After a deploy, on the teacher's phone in the middle of Minhas aulas: the new version waits for "Atualizar". */
function NewVersionDeployed() {
  useEffect(() => {
    simulateWaitingUpdate({ addEventListener: fn(), messageSkipWaiting: fn() });
    return () => simulateWaitingUpdate(null);
  }, []);
  return <UpdatePrompt />;
}

const meta = {
  title: 'App instalável/Nova versão',
  component: NewVersionDeployed,
  parameters: { layout: 'fullscreen', viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof NewVersionDeployed>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NovaVersao: Story = {
  parameters: { expectText: ['Nova versão disponível', 'Atualizar'] },
};
