import { useEffect, useState } from 'preact/hooks';
import { serviceUrlItem } from '@/lib/storage';
import { t } from './i18n';

export function Options() {
  const [serviceUrl, setServiceUrl] = useState<string | null>(null);
  useEffect(() => {
    void serviceUrlItem.getValue().then(setServiceUrl);
  }, []);
  return (
    <main style={{ maxWidth: '640px', margin: '24px auto', padding: '0 16px' }}>
      <h1 style={{ fontSize: '20px' }}>{t('optionsTitle')}</h1>
      <p data-testid="service-url">
        {t('popupServiceLabel')}: {serviceUrl ?? '…'}
      </p>
    </main>
  );
}
