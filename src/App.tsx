import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminApp } from './admin/AdminApp';
import { BrandingProvider } from './branding';
import { HomePage } from './public/HomePage';
import { LoginPage } from './public/LoginPage';
import { NotFoundPage } from './public/NotFoundPage';
import { ResetPasswordPage } from './public/ResetPasswordPage';

export function App() {
  return (
    <BrandingProvider>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/redefinir-senha" element={<ResetPasswordPage />} />
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </BrowserRouter>
    </BrandingProvider>
  );
}
