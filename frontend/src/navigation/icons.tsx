// Icons of the menu entries and sections.
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LocationCityOutlined from '@mui/icons-material/LocationCityOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TwoWheelerOutlined from '@mui/icons-material/TwoWheelerOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MenuRouteName, MenuSectionId } from './menus';

export type SvgIconComponent = typeof SvgIcon;

/**
 * Routes with an icon outside the side menus (the dashboard's work queues, the search dialog's
 * pages, the user menu).
 */
type OtherIconRoute =
  | 'profile'
  | 'delivery-person-balances'
  | 'merchant-accounts'
  | 'activities'
  | 'pricing'
  | 'bank-account-changes'
  | 'unapplied-outcomes'
  | 'company-settings';

/** Typed by the menus' route names: a menu route without an icon does not compile. */
export const ROUTE_ICONS: Readonly<Record<MenuRouteName | OtherIconRoute, SvgIconComponent>> = {
  dashboard: DashboardOutlined,
  home: HomeOutlined,
  profile: AccountCircleOutlined,
  'inventory-management': WarehouseOutlined,
  confirmations: PhoneInTalkOutlined,
  'pickup-vouchers': MoveToInboxOutlined,
  'new-pickup-vouchers': MoveToInboxOutlined,
  'all-pickup-vouchers': ViewListOutlined,
  'add-new-parcels': AddBoxOutlined,
  'new-parcels': Inventory2Outlined,
  'to-confirm-parcels': PendingActionsOutlined,
  'all-parcels': ViewListOutlined,
  'pickup-parcels': MoveToInboxOutlined,
  'sent-parcels': LocalShippingOutlined,
  'parcel-decisions': RuleOutlined,
  'delivered-parcels': TaskAltOutlined,
  'return-parcels': AssignmentReturnOutlined,
  'canceled-parcels': CancelOutlined,
  'parcels-to-be-returned': ReplayOutlined,
  refunds: PaymentsOutlined,
  exchanges: SwapHorizOutlined,
  'completed-invoices': ReceiptLongOutlined,
  'returned-invoices': DescriptionOutlined,
  'client-costs': SellOutlined,
  'create-client-invoice': NoteAddOutlined,
  'client-delivered-invoices': ReceiptLongOutlined,
  'client-returned-invoices': DescriptionOutlined,
  'create-delivery-invoice': NoteAddOutlined,
  'delivery-invoices': ReceiptLongOutlined,
  'delivery-person-balances': CurrencyExchangeOutlined,
  'merchant-accounts': CurrencyExchangeOutlined,
  'create-invoice': NoteAddOutlined,
  invoices: ReceiptLongOutlined,
  'delivery-exit-vouchers': OutboxOutlined,
  'delivery-return-vouchers': AssignmentReturnOutlined,
  'exit-vouchers': OutboxOutlined,
  'return-vouchers': AssignmentReturnOutlined,
  shops: StorefrontOutlined,
  staff: GroupsOutlined,
  clients: StorefrontOutlined,
  deliverymen: TwoWheelerOutlined,
  cities: LocationCityOutlined,
  support: SupportAgentOutlined,
  announcements: CampaignOutlined,
  guide: MenuBookOutlined,
  activities: HistoryOutlined,
  pricing: LocalOfferOutlined,
  'bank-account-changes': AccountBalanceOutlined,
  'unapplied-outcomes': SyncProblemOutlined,
  'company-settings': BusinessOutlined,
  messages: ForwardToInboxOutlined,
};

/** Typed by the menus' section ids: a section without an icon does not compile. */
export const SECTION_ICONS: Readonly<Record<MenuSectionId, SvgIconComponent>> = {
  overview: DashboardOutlined,
  stock: WarehouseOutlined,
  confirmations: PhoneInTalkOutlined,
  pickups: MoveToInboxOutlined,
  deliveryVouchers: OutboxOutlined,
  vouchers: OutboxOutlined,
  parcels: Inventory2Outlined,
  invoices: ReceiptLongOutlined,
  clientBilling: CurrencyExchangeOutlined,
  deliveryBilling: ReceiptLongOutlined,
  business: DomainOutlined,
  management: GroupsOutlined,
  help: HelpOutlineOutlined,
  communication: CampaignOutlined,
};

function hasKey<K extends string>(record: Readonly<Record<K, unknown>>, key: string): key is K {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** A route's icon; a route name outside the menus and OtherIconRoute gets the page icon. */
export function routeIcon(name: string): SvgIconComponent {
  return hasKey(ROUTE_ICONS, name) ? ROUTE_ICONS[name] : DescriptionOutlined;
}

export function sectionIcon(id: string): SvgIconComponent {
  return hasKey(SECTION_ICONS, id) ? SECTION_ICONS[id] : DescriptionOutlined;
}
