import '../../i18n/screenTexts';
import { Button, Space, Tag } from 'antd';
import {
  ApiOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  ExportOutlined,
  HistoryOutlined,
  LockOutlined,
  ShareAltOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Brand } from '../../components/Brand';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PublicSquareLink } from '../../components/PublicSquareLink';
import { useCurrentUser } from '../../session/user';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

const FEATURES = [
  { key: 'api', icon: <ApiOutlined /> },
  { key: 'dictionary', icon: <DatabaseOutlined /> },
  { key: 'team', icon: <TeamOutlined /> },
  { key: 'live', icon: <HistoryOutlined /> },
  { key: 'share', icon: <ShareAltOutlined /> },
  { key: 'export', icon: <ExportOutlined /> },
  { key: 'privacy', icon: <LockOutlined /> },
  { key: 'selfHosted', icon: <CloudServerOutlined /> },
] as const;

/** A stylised screenshot of an API page, drawn with HTML (no image to download). */
function ProductPreview() {
  const { t } = useTranslation();
  return (
    <div className="landing-preview" aria-hidden="true">
      <div className="bar">
        <i />
        <i />
        <i />
      </div>
      <div className="body">
        <div className="side">
          <div>{t('landing.preview.overview')}</div>
          <div className="on">{t('landing.preview.login')}</div>
          <div>{t('landing.preview.users')}</div>
          <div>{t('landing.preview.orders')}</div>
          <div>{t('landing.preview.dictionary')}</div>
        </div>
        <div className="doc">
          <h4>{t('landing.preview.login')}</h4>
          <span className="tag">POST</span>
          <code>/api/user/login</code>
          <pre>{'{\n  "username": "ann",\n  "password": "••••••"\n}'}</pre>
          <table>
            <thead>
              <tr>
                <th>{t('landing.preview.param')}</th>
                <th>{t('landing.preview.type')}</th>
                <th>{t('landing.preview.desc')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>username</td>
                <td>string</td>
                <td>{t('landing.preview.usernameDesc')}</td>
              </tr>
              <tr>
                <td>password</td>
                <td>string</td>
                <td>{t('landing.preview.passwordDesc')}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

/** Home page mode 1: what Quire is, with feature sections, in both languages. */
export function Landing() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('landing.documentTitle'));
  const primary = user ? (
    <Link to="/item/index">
      <Button type="primary" size="large" data-testid="landing-primary">
        {t('landing.openItems')}
      </Button>
    </Link>
  ) : (
    <Link to="/user/login">
      <Button type="primary" size="large" data-testid="landing-primary">
        {t('landing.getStarted')}
      </Button>
    </Link>
  );
  return (
    <div className="landing" data-testid="landing">
      <header className="app-header">
        <Brand />
        <div className="header-center" />
        <div className="header-right">
          <PublicSquareLink />
          <LanguageSwitch />
          {user ? (
            <Link to="/item/index">
              <Button>{t('nav.myItems')}</Button>
            </Link>
          ) : (
            <Space size={4}>
              <Link to="/user/login">
                <Button type="text">{t('nav.login')}</Button>
              </Link>
              <Link to="/user/register">
                <Button type="primary">{t('nav.register')}</Button>
              </Link>
            </Space>
          )}
        </div>
      </header>

      <section className="landing-hero">
        <div className="landing-hero-inner">
          <div>
            <h1>
              {t('landing.heroTitle1')}
              <em>{t('landing.heroTitle2')}</em>
            </h1>
            <p className="lead">{t('landing.heroLead')}</p>
            <Space size={12} wrap>
              {primary}
              {!user && (
                <Link to="/user/register">
                  <Button size="large">{t('landing.createAccount')}</Button>
                </Link>
              )}
            </Space>
            <div className="landing-badges">
              <Tag color="blue">{t('landing.badgeMarkdown')}</Tag>
              <Tag color="geekblue">{t('landing.badgeCompatible')}</Tag>
              <Tag color="cyan">{t('landing.badgeLanguages')}</Tag>
            </div>
          </div>
          <ProductPreview />
        </div>
      </section>

      <section className="landing-section">
        <h2>{t('landing.featuresTitle')}</h2>
        <p className="section-lead">{t('landing.featuresLead')}</p>
        <div className="feature-grid">
          {FEATURES.map((f) => (
            <div className="feature-card" key={f.key}>
              <div className="icon">{f.icon}</div>
              <h3>{t(`landing.features.${f.key}.title`)}</h3>
              <p>{t(`landing.features.${f.key}.text`)}</p>
            </div>
          ))}
        </div>
      </section>

      <div className="landing-steps">
        <section className="landing-section">
          <h2>{t('landing.stepsTitle')}</h2>
          <p className="section-lead">{t('landing.stepsLead')}</p>
          <div className="steps-grid">
            {(['create', 'write', 'share'] as const).map((s) => (
              <div className="step" key={s}>
                <h3>{t(`landing.steps.${s}.title`)}</h3>
                <p>{t(`landing.steps.${s}.text`)}</p>
              </div>
            ))}
          </div>
        </section>
      </div>

      <section className="landing-section landing-cta">
        <h2>{t('landing.ctaTitle')}</h2>
        <p className="section-lead">{t('landing.ctaLead')}</p>
        {primary}
      </section>

      <footer className="landing-footer">{t('landing.footer')}</footer>
    </div>
  );
}
