export { AdminStory, ADMIN_BASENAME, type AdminStoryProps } from './AdminStory';
export { withAdmin } from './withAdmin';
export {
  createMemoryDataProvider,
  REFUSED_DELETE_MESSAGE,
  type MemoryData,
  type MemoryDataProviderOptions,
} from './memoryDataProvider';
export { manyTeachings, TEACHINGS, type TeachingRecord } from './fixtures';
