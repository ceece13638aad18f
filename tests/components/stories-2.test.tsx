import { testStories } from './support/stories';

// Shard 2 of the stories (see support/stories.tsx).
await testStories(2);
