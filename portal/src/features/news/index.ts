export { FeaturedNews } from './FeaturedNews';
export { NewsDetailPage } from './NewsDetailPage';
export { NewsPage } from './NewsPage';
