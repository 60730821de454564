export { Alert, type AlertTone } from './Alert';
export { Badge, type BadgeTone } from './Badge';
export { BusyButton } from './BusyButton';
export { EmptyState } from './EmptyState';
export { FormField, type ControlProps } from './FormField';
export { FOCUSABLE } from './focusable';
export { Gallery } from './Gallery';
export { LanguagePicker } from './LanguagePicker';
export { Lightbox, type GalleryImage } from './Lightbox';
export { MediaImage } from './MediaImage';
export { isPlaceholderHost } from './media';
export { Modal } from './Modal';
export { PageFrame } from './PageFrame';
export { Pagination } from './Pagination';
export { pageNumbers } from './pageNumbers';
export { Skeleton } from './Skeleton';
export { Spinner } from './Spinner';
export { TabList } from './TabList';
export { AppProviders } from './AppProviders';
export { LoginForm } from './auth/LoginForm';
export {
  describeAuthFailure,
  loginMessage,
  registrationMessage,
  type AuthFailure,
} from './auth/authMessages';
export { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeout, loadWithin } from './chunkLoad';
export { countryText, listText, type Translate } from './readerText';
export { courseText } from './courseText';
export { isEmailAddress, mailtoHref } from './emailAddress';
export { lazyPart, type LazyPart } from './lazyPart';
export { useDebounced } from './useDebounced';
export { useDocumentTitle } from './useDocumentTitle';
export { useFirstInvalidFocus } from './useFirstInvalidFocus';
export {
  BuildingIcon,
  CalendarIcon,
  DeleteIcon,
  EditIcon,
  EyeIcon,
  GraduationCapIcon,
  ImageOffIcon,
  NewspaperIcon,
  ThumbDownIcon,
  ThumbUpIcon,
} from './icons';
export {
  CheckboxField,
  FileField,
  FormActions,
  SelectField,
  TextAreaField,
  TextField,
} from './fields';
export { CardGrid, CardSkeleton } from './CardGrid';
export { useListFilters } from './useListFilters';
export {
  apiErrorText,
  fieldErrorsByField,
  fieldErrorsText,
  serverErrorText,
} from './errors/serverErrorText';
