import { authApi, systemApi } from '@diaspora/api-client';
import { Alert, BusyButton, FormField } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiProbe, type ProbeResult } from './useApiProbe';

function ProbeOutcome({ result }: { result: ProbeResult }) {
  const { t } = useTranslation('devtools');
  if (result.kind === 'network') return <Alert tone="error">{t('networkFailure')}</Alert>;
  const ok = result.kind === 'ok';
  const hasToken =
    ok && typeof result.body === 'object' && result.body !== null && 'token' in result.body;
  return (
    <div>
      <Alert tone={ok ? 'success' : 'error'}>
        {ok ? t('success', { status: 200 }) : t('failure', { status: result.status })}
        {hasToken && <span> {t('tokenReceived')}</span>}
      </Alert>
      <pre className="probe-output" aria-label={t('result')}>
        {JSON.stringify(result.body, null, 2)}
      </pre>
    </div>
  );
}

/** Buttons for the health endpoint, the API root and login; the raw answer below. */
export function ApiProbePanel({ withLogin = true }: { withLogin?: boolean }) {
  const { t } = useTranslation('devtools');
  const { running, result, run } = useApiProbe();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <div className="card probe">
      <div className="button-row">
        <BusyButton
          type="button"
          className="btn"
          busy={running}
          onClick={() => void run(systemApi.health)}
        >
          {t('health')}
        </BusyButton>
        <BusyButton
          type="button"
          className="btn"
          busy={running}
          onClick={() => void run(systemApi.root)}
        >
          {t('root')}
        </BusyButton>
      </div>
      {withLogin && (
        <form
          className="probe__login"
          onSubmit={(event) => {
            event.preventDefault();
            // Calls the API directly: testing login must not change the page's session.
            void run(() => authApi.login({ email, password }));
          }}
        >
          <div className="form-row">
            <FormField label={t('email')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </FormField>
            <FormField label={t('password')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </FormField>
          </div>
          <BusyButton type="submit" className="btn btn--secondary" busy={running}>
            {t('login')}
          </BusyButton>
        </form>
      )}
      {running && <p>{t('running')}</p>}
      {result && <ProbeOutcome result={result} />}
    </div>
  );
}
