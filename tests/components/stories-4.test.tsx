import { testStories } from './support/stories';

// Shard 4 of the stories (see support/stories.tsx).
await testStories(4);
