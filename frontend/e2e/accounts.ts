// Accounts of the e2e database: seed-demo's three, plus an admin staff member.
export const ADMIN = { email: 'admin@colivra.ma', password: 'Admin#Colivra2026' };
export const MERCHANT = { email: 'client@colivra.ma', password: 'Client#Colivra2026' };
export const DELIVERY = { email: 'livreur@colivra.ma', password: 'Livreur#Colivra2026' };
export const STAFF = {
  email: 'staff.villes@colivra.ma',
  password: 'Staff#Colivra2026',
  firstName: 'Nadia',
  lastName: 'Tazi',
  permissions: ['dashboard', 'cities'],
};
