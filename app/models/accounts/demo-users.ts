/**
 * Accounts to try the sites with after `npm start` (README "What to try"): a buyer, a seller
 * linked to the first generated paid seller account (also the demo feed partner's account, opted in
 * to lead targeting), and an administrator who reviews held feed records. Their passwords are
 * published, so only development and tests get them, or a start with SEED_DEMO_USERS=1 (decision 0050);
 * a production start names any of them that still logs in (administrators.server.ts).
 */
export const demoUsers = [
  { email: 'demo.buyer@example.com', password: 'demo-buyer-1', contactName: 'Dana Buyer', isSeller: false, isAdmin: false, totpSecret: null },
  { email: 'demo.seller@example.com', password: 'demo-seller-1', contactName: 'Sam Seller', isSeller: true, isAdmin: false, totpSecret: null },
  // Administrators sign in with a second factor (decision 0052): the demo one's TOTP secret is published like its password.
  {
    email: 'demo.admin@example.com',
    password: 'demo-admin-1',
    contactName: 'Alex Admin',
    isSeller: false,
    isAdmin: true,
    totpSecret: 'DEMOADMINDEMOADMINDEMOADMIN23456',
  },
] as const
