// Every screen is a lazy chunk, fetched when its route is first opened.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenKey, ScreenProps } from './types';

type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

export const SCREENS: Record<ScreenKey, LazyScreen> = {
  login: lazy(() => import(/* webpackChunkName: "route-login" */ '../features/auth/LoginScreen')),
  register: lazy(() => import(/* webpackChunkName: "route-register" */ '../features/auth/RegisterScreen')),
  activation: lazy(
    () => import(/* webpackChunkName: "route-activation" */ '../features/auth/ActivationScreen'),
  ),
  'not-found': lazy(() => import(/* webpackChunkName: "route-not-found" */ '../features/errors/NotFoundScreen')),
  dashboard: lazy(() => import(/* webpackChunkName: "route-dashboard" */ '../features/dashboard/DashboardScreen')),
  profile: lazy(() => import(/* webpackChunkName: "route-profile" */ '../features/profile/ProfileScreen')),
  cities: lazy(() => import(/* webpackChunkName: "route-cities" */ '../features/cities/CitiesScreen')),
  clients: lazy(() => import(/* webpackChunkName: "route-clients" */ '../features/merchants/MerchantsScreen')),
  deliverymen: lazy(() => import(/* webpackChunkName: "route-deliverymen" */ '../features/deliveryPeople/DeliveryPeopleScreen')),
  staff: lazy(() => import(/* webpackChunkName: "route-staff" */ '../features/staff/StaffScreen')),
  shops: lazy(() => import(/* webpackChunkName: "route-shops" */ '../features/shops/ShopsScreen')),
  'client-costs': lazy(() => import(/* webpackChunkName: "route-client-costs" */ '../features/costs/CostsScreen')),
  pricing: lazy(() => import(/* webpackChunkName: "route-pricing" */ '../features/pricing/PricingScreen')),
  parcels: lazy(() => import(/* webpackChunkName: "route-parcels" */ '../features/parcels/ParcelsScreen')),
  'add-new-parcels': lazy(
    () => import(/* webpackChunkName: "route-add-new-parcels" */ '../features/parcels/AddParcelsScreen'),
  ),
  vouchers: lazy(() => import(/* webpackChunkName: "route-vouchers" */ '../features/vouchers/VouchersScreen')),
  ship: lazy(() => import(/* webpackChunkName: "route-ship" */ '../features/vouchers/ExitVouchersScreen')),
  'delivery-round': lazy(() => import(/* webpackChunkName: "route-delivery-round" */ '../features/vouchers/RoundScreen')),
  'to-be-returned': lazy(
    () => import(/* webpackChunkName: "route-to-be-returned" */ '../features/vouchers/ToBeReturnedScreen'),
  ),
  invoices: lazy(() => import(/* webpackChunkName: "route-invoices" */ '../features/invoices/InvoicesScreen')),
  'new-invoice': lazy(() => import(/* webpackChunkName: "route-new-invoice" */ '../features/invoices/NewInvoiceScreen')),
  'declare-cash': lazy(() => import(/* webpackChunkName: "route-declare-cash" */ '../features/invoices/DeclareScreen')),
  inventory: lazy(() => import(/* webpackChunkName: "route-inventory" */ '../features/inventory/InventoryScreen')),
  support: lazy(() => import(/* webpackChunkName: "route-support" */ '../features/support/SupportScreen')),
  announcements: lazy(
    () => import(/* webpackChunkName: "route-announcements" */ '../features/announcements/AnnouncementsScreen'),
  ),
  guides: lazy(() => import(/* webpackChunkName: "route-guides" */ '../features/guides/GuidesScreen')),
  activities: lazy(() => import(/* webpackChunkName: "route-activities" */ '../features/activities/ActivitiesScreen')),
  'delivery-person-balances': lazy(
    () => import(/* webpackChunkName: "route-delivery-person-balances" */ '../features/invoices/DeliveryPersonBalancesScreen'),
  ),
  'merchant-accounts': lazy(
    () => import(/* webpackChunkName: "route-merchant-accounts" */ '../features/invoices/MerchantAccountsScreen'),
  ),
  'bank-account-changes': lazy(
    () => import(/* webpackChunkName: "route-bank-account-changes" */ '../features/shops/BankAccountChangesScreen'),
  ),
  'unapplied-outcomes': lazy(
    () => import(/* webpackChunkName: "route-unapplied-outcomes" */ '../features/parcels/UnappliedOutcomesScreen'),
  ),
  'company-settings': lazy(
    () => import(/* webpackChunkName: "route-company-settings" */ '../features/settings/CompanySettingsScreen'),
  ),
  confirmations: lazy(
    () => import(/* webpackChunkName: "route-confirmations" */ '../features/confirmations/ConfirmationsScreen'),
  ),
  'parcel-decisions': lazy(
    () => import(/* webpackChunkName: "route-parcel-decisions" */ '../features/decisions/DecisionsScreen'),
  ),
  'forgotten-password': lazy(
    () => import(/* webpackChunkName: "route-forgotten-password" */ '../features/auth/ForgottenPasswordScreen'),
  ),
  'reset-password': lazy(() => import(/* webpackChunkName: "route-reset-password" */ '../features/auth/ResetPasswordScreen')),
  unsubscribe: lazy(() => import(/* webpackChunkName: "route-unsubscribe" */ '../features/unsubscribe/UnsubscribeScreen')),
  messages: lazy(() => import(/* webpackChunkName: "route-messages" */ '../features/messages/MessagesScreen')),
  'not-available': lazy(
    () => import(/* webpackChunkName: "route-not-available" */ '../components/NotAvailableYet'),
  ),
};
