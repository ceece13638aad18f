import { testStories } from './support/stories';

// Shard 1 of the stories (see support/stories.tsx).
await testStories(1);
