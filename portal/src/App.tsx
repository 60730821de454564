import './portal.css';
import { Route, Routes } from 'react-router';
import { AboutPage } from './features/about/AboutPage';
import {
  ConfirmEmailPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from './features/account/lazyPages';
import { LoginPage } from './features/auth/LoginPage';
import { RegisterPage } from './features/auth/RegisterPage';
import { ContactPage } from './features/contact/ContactPage';
import { SimpleTestPage } from './features/devtools/SimpleTestPage';
import { TestApiPage } from './features/devtools/TestApiPage';
import { DirectoryPage } from './features/directory/DirectoryPage';
import { ListingDetailPage } from './features/directory/ListingDetailPage';
import { EventDetailPage } from './features/events/EventDetailPage';
import { EventsPage } from './features/events/EventsPage';
import { HomePage } from './features/home/HomePage';
import { JoinPage } from './features/join/JoinPage';
import { PrivacyPage } from './features/legal/PrivacyPage';
import { TermsPage } from './features/legal/TermsPage';
import { NewsDetailPage } from './features/news/NewsDetailPage';
import { NewsPage } from './features/news/NewsPage';
import { NotFoundPage } from './features/notFound/NotFoundPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { TutorialsPage } from './features/tutorials/TutorialsPage';

/** Every public and member page of the route table (spec section 2); mounted by the shell at /*. */
export default function App() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="events" element={<EventsPage />} />
      <Route path="events/:id" element={<EventDetailPage />} />
      <Route path="news" element={<NewsPage />} />
      <Route path="news/:id" element={<NewsDetailPage />} />
      <Route path="directory" element={<DirectoryPage />} />
      <Route path="directory/:id" element={<ListingDetailPage />} />
      <Route path="tutorials" element={<TutorialsPage />} />
      <Route path="join" element={<JoinPage />} />
      <Route path="contact" element={<ContactPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="verify-email" element={<VerifyEmailPage />} />
      <Route path="confirm-email" element={<ConfirmEmailPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="test-api" element={<TestApiPage />} />
      <Route path="simple-test" element={<SimpleTestPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
