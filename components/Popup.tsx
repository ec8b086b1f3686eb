import { useEffect, useState } from 'preact/hooks';
import { serviceUrlItem } from '@/lib/storage';
import { t } from './i18n';

export function Popup() {
  const [serviceUrl, setServiceUrl] = useState<string | null>(null);
  useEffect(() => {
    void serviceUrlItem.getValue().then(setServiceUrl);
  }, []);
  return (
    <main style={{ width: '340px', padding: '12px 16px' }}>
      <h1 style={{ fontSize: '16px', margin: '0 0 8px' }}>{t('extName')}</h1>
      <p data-testid="service-url" style={{ color: 'var(--muted)', margin: 0 }}>
        {t('popupServiceLabel')}: {serviceUrl ?? '…'}
      </p>
    </main>
  );
}
