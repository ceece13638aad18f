import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import preview from '../../../.storybook/preview';

/**
 * Every story of stories/ renders in jsdom and shows the texts its `parameters.expectText` names
 * (a new *.stories.tsx file is picked up by the glob). A story without `expectText` fails.
 *
 * The stories are split across STORY_SHARDS test files (stories-1.test.tsx …), each taking every STORY_SHARDS-th
 * file of stories/: in one test file they took minutes on one worker while the other one had finished.
 */
export const STORY_SHARDS = 4;

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

const isComposedStory = (value: unknown): value is ComposedStory =>
  typeof value === 'function' && 'parameters' in value && 'storyName' in value;

const loaders = import.meta.glob<StoriesModule>('../../../stories/**/*.stories.tsx');

function expectedTexts(parameters: Record<string, unknown>, where: string): string[] {
  const value: unknown = parameters.expectText;
  const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  if (!texts.length || !texts.every((t): t is string => typeof t === 'string' && t.trim() !== '')) {
    throw new Error(
      `${where}: parameters.expectText must name the text(s) the story shows (a string or an array of strings).`,
    );
  }
  return texts;
}

/** Declares the tests of shard `shard` (1 … STORY_SHARDS): its story files, each loaded before the tests are. */
export async function testStories(shard: number): Promise<void> {
  const all = Object.keys(loaders).sort();
  const mine = all.filter((_, i) => i % STORY_SHARDS === shard - 1);
  // One after the other: imported side by side, two stories requiring the same CommonJS-wrapped module at once
  // have been seen to fail ("Cannot require() ES Module … not yet fully loaded").
  const files: (readonly [string, StoriesModule])[] = [];
  for (const file of mine) files.push([file.replace('../../../stories/', ''), await loaders[file]()]);

  const annotations = setProjectAnnotations([preview]);
  beforeAll(annotations.beforeAll);

  if (shard === 1) {
    it('finds the stories, and a test file for each shard of them', () => {
      expect(all.length).toBeGreaterThanOrEqual(5);
      for (let i = 1; i <= STORY_SHARDS; i++)
        expect(fs.existsSync(`tests/components/stories-${i}.test.tsx`), `stories-${i}.test.tsx`).toBe(true);
    });
  }

  describe.each(files)('%s', (file, module) => {
    const stories = Object.entries(composeStories(module)).filter((entry): entry is [string, ComposedStory] =>
      isComposedStory(entry[1]),
    );

    it('exports stories', () => {
      expect(stories.length).toBeGreaterThan(0);
    });

    // 40 s: a story's play queries by role, which a loaded 2-core machine has been seen to take over 20 s for.
    it.each(stories)('%s renders and shows its expected text', { timeout: 40_000 }, async (name, Story) => {
      const texts = expectedTexts(Story.parameters, `${file} › ${name}`);
      const { container, baseElement } = render(<Story />);
      if (Story.play) await Story.play({ canvasElement: container });
      for (const text of texts) {
        expect(
          (await screen.findAllByText(text, {}, { timeout: 5000 })).length,
          `"${text}" in ${name}`,
        ).toBeGreaterThan(0);
      }
      // Input values (masked CPF, a stored name) are not text nodes: `expectValue` names them.
      const value: unknown = Story.parameters.expectValue;
      for (const v of typeof value === 'string' ? [value] : Array.isArray(value) ? value : []) {
        expect(
          (await screen.findAllByDisplayValue(String(v), {}, { timeout: 5000 })).length,
          `value "${String(v)}" in ${name}`,
        ).toBeGreaterThan(0);
      }
      expect(container.childElementCount).toBeGreaterThan(0);
      expect(baseElement.textContent?.trim()).not.toBe('');
      // No react-admin error page, no "Página não encontrada!".
      expect(screen.queryByText(/Algo deu errado|Página não encontrada|Something went wrong/i)).toBeNull();
    });
  });
}
