import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Access } from '@/lib/session';

export type MenuGroup = 'overview' | 'members' | 'finance' | 'content' | 'care' | 'system';

export type PageRoute = {
  path: string;
  /** Who may open it (lib/session.ts ACCESS); null: every operator. */
  access: Access | null;
  page: LazyExoticComponent<ComponentType>;
  /** Its menu entry (shell namespace key and group); absent: reached from other pages. */
  menu?: { label: string; group: MenuGroup };
};

const DashboardPage = lazy(() =>
  import('@/features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MembersPage = lazy(() =>
  import('@/features/members/pages/members-page').then((m) => ({ default: m.MembersPage })),
);
const MemberPage = lazy(() => import('@/features/members/pages/member-page').then((m) => ({ default: m.MemberPage })));
const WithdrawalsPage = lazy(() =>
  import('@/features/withdrawals/pages/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })),
);
const AdjustmentsPage = lazy(() =>
  import('@/features/adjustments/pages/adjustments-page').then((m) => ({ default: m.AdjustmentsPage })),
);
const EquityPage = lazy(() => import('@/features/equity/pages/equity-page').then((m) => ({ default: m.EquityPage })));
const JobsPage = lazy(() => import('@/features/jobs/pages/jobs-page').then((m) => ({ default: m.JobsPage })));
const ReservesPage = lazy(() =>
  import('@/features/reserves/pages/reserves-page').then((m) => ({ default: m.ReservesPage })),
);
const NoticesPage = lazy(() =>
  import('@/features/notices/pages/notices-page').then((m) => ({ default: m.NoticesPage })),
);
const BannersPage = lazy(() =>
  import('@/features/catalogue/pages/banners-page').then((m) => ({ default: m.BannersPage })),
);
const ProductsPage = lazy(() =>
  import('@/features/catalogue/pages/products-page').then((m) => ({ default: m.ProductsPage })),
);
const FeedbackPage = lazy(() =>
  import('@/features/feedback/pages/feedback-page').then((m) => ({ default: m.FeedbackPage })),
);
const OutboxPage = lazy(() => import('@/features/mail/pages/outbox-page').then((m) => ({ default: m.OutboxPage })));
const ConfigPage = lazy(() => import('@/features/config/pages/config-page').then((m) => ({ default: m.ConfigPage })));
const AuditPage = lazy(() => import('@/features/audit/pages/audit-page').then((m) => ({ default: m.AuditPage })));
const OperatorsPage = lazy(() =>
  import('@/features/operators/pages/operators-page').then((m) => ({ default: m.OperatorsPage })),
);
const AccountPage = lazy(() =>
  import('@/features/account/pages/account-page').then((m) => ({ default: m.AccountPage })),
);

/** The signed-in pages, in menu order. */
export const pageRoutes: PageRoute[] = [
  { path: '/', access: 'dashboard', page: DashboardPage, menu: { label: 'dashboard', group: 'overview' } },
  { path: '/members', access: 'members', page: MembersPage, menu: { label: 'members', group: 'members' } },
  { path: '/members/:id', access: 'members', page: MemberPage },
  {
    path: '/withdrawals',
    access: 'withdrawals',
    page: WithdrawalsPage,
    menu: { label: 'withdrawals', group: 'finance' },
  },
  {
    path: '/adjustments',
    access: 'adjustments',
    page: AdjustmentsPage,
    menu: { label: 'adjustments', group: 'finance' },
  },
  { path: '/equity', access: 'equity', page: EquityPage, menu: { label: 'equity', group: 'finance' } },
  { path: '/jobs', access: 'jobs', page: JobsPage, menu: { label: 'jobs', group: 'finance' } },
  { path: '/reserves', access: 'reserves', page: ReservesPage, menu: { label: 'reserves', group: 'finance' } },
  { path: '/notices', access: 'notices', page: NoticesPage, menu: { label: 'notices', group: 'content' } },
  { path: '/banners', access: 'banners', page: BannersPage, menu: { label: 'banners', group: 'content' } },
  { path: '/products', access: 'products', page: ProductsPage, menu: { label: 'products', group: 'content' } },
  { path: '/feedback', access: 'feedback', page: FeedbackPage, menu: { label: 'feedback', group: 'care' } },
  { path: '/outbox', access: 'outbox', page: OutboxPage, menu: { label: 'outbox', group: 'care' } },
  { path: '/config', access: 'config', page: ConfigPage, menu: { label: 'config', group: 'system' } },
  { path: '/audit', access: 'audit', page: AuditPage, menu: { label: 'audit', group: 'system' } },
  { path: '/operators', access: 'operators', page: OperatorsPage, menu: { label: 'operators', group: 'system' } },
  { path: '/account', access: null, page: AccountPage },
];
