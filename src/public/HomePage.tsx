import { AdmissionLink } from './AdmissionLink';
import { ContactForm } from './ContactForm';
import { DocumentCheck } from './DocumentCheck';
import { PublicLayout } from './PublicLayout';
import { usePublicToast } from './usePublicToast';

/** Public home: document verification and the contact form. */
export function HomePage() {
  const toast = usePublicToast();
  return (
    <PublicLayout>
      <AdmissionLink />
      <DocumentCheck toast={toast} />
      <ContactForm toast={toast} />
      {toast.element}
    </PublicLayout>
  );
}
