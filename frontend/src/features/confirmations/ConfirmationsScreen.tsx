import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTabParam } from '../../components/useTabParam';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { QueuePanel } from './QueuePanel';
import { StatisticsPanel } from './StatisticsPanel';
import '../../i18n/confirmations';

/** The address parameter naming the open tab (`?onglet=statistics`). */

const TABS = ['queue', 'statistics'] as const;
type ConfirmationsTab = (typeof TABS)[number];

/**
 * /compte/confirmations (admin, `confirmations`): the agent's queue of orders to confirm by phone
 * before pickup, and the confirmation figures (issue 40), in two tabs.
 */
export default function ConfirmationsScreen() {
  const t = useT();
  const [tab, choose] = useTabParam<ConfirmationsTab>(TABS);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="confirmations-screen" data-tab={tab}>
      <PageHeader title={t('route.confirmations')} subtitle={t('confirmations.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: ConfirmationsTab) => choose(value)} variant="fullWidth" sx={{ maxWidth: { sm: 480 } }}>
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(name === 'queue' ? 'confirmations.tab.queue' : 'confirmations.tab.statistics')}
              id={`confirmations-tab-${name}`}
              data-testid={`confirmations-tab-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-labelledby={`confirmations-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'queue' ? <QueuePanel /> : <StatisticsPanel />}
      </Box>
    </Box>
  );
}
