import { testStories } from './support/stories';

// Shard 3 of the stories (see support/stories.tsx).
await testStories(3);
