import type { Decorator } from '@storybook/react-vite';
import { AdminStory, type AdminStoryProps } from './AdminStory';

/** Story decorator: the story inside {@link AdminStory} (react-admin context, router, theme). */
export function withAdmin(props: Omit<AdminStoryProps, 'children'> = {}): Decorator {
  return function AdminDecorator(Story) {
    return (
      <AdminStory {...props}>
        <Story />
      </AdminStory>
    );
  };
}
