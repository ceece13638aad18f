import type { Preview } from '@storybook/react-vite';

/** Stories bring their own react-admin context (stories/support/AdminStory.tsx); nothing global here. */
const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
