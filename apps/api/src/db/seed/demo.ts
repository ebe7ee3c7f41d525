import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { companies, invoiceAddresses, users } from '../schema';
import { hashPassword } from '../../platform/auth/passwords';

export const DEMO_PASSWORD = 'Demo-Password-2026';
const DEMO_SEED_LOCK = 7_202_601;

const demoCompany = {
  name: 'Demo Energy BV',
  companyRegisterNumber: '81234567',
  vatNumber: 'NL123456789B01',
  country: 'NL',
  city: 'Rotterdam',
  postcode: '3011 AA',
  street: 'Coolsingel',
  houseNumber: '42',
  status: 'active',
  isXmlActive: 'on',
  // The demo's numbers count as checked when seeded (the offline checker verifies nothing).
  vatVerifiedAt: new Date(),
} as const;

const otherCompany = {
  name: 'Other Power GmbH',
  companyRegisterNumber: 'HRB 123456',
  vatNumber: 'DE123456789',
  country: 'DE',
  city: 'Berlin',
  postcode: '10115',
  street: 'Invalidenstraße',
  houseNumber: '7',
  status: 'active',
  vatVerifiedAt: new Date(),
} as const;

const pendingCompany = {
  name: 'Pending Solar BV',
  companyRegisterNumber: '87654321',
  vatNumber: 'NL987654321B01',
  country: 'NL',
  city: 'Utrecht',
  postcode: '3511 AB',
  street: 'Oudegracht',
  houseNumber: '10',
  status: 'pending',
} as const;

/** Seeds the demo accounts of ARCHITECTURE.md into an empty database; does nothing otherwise. */
export async function seedDemo(db: Db, scryptCostLog2: number): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const hash = () => hashPassword(DEMO_PASSWORD, scryptCostLog2);
  const [owner, purchaser, accountant, other, pending, admin, operator] = await Promise.all(
    Array.from({ length: 7 }, hash),
  );
  return db.transaction(async (tx) => {
    // Several processes may start together on one database: one seeds, the others see it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;
    const [demo, otherCo, pendingCo] = await tx
      .insert(companies)
      .values([demoCompany, otherCompany, pendingCompany])
      .returning({ id: companies.id });
    if (!demo || !otherCo || !pendingCo) throw new Error('demo companies were not created');
    await tx.insert(users).values([
      {
        companyId: demo.id,
        email: 'owner@demo.test',
        firstName: 'Olivia',
        lastName: 'Owner',
        role: 'owner',
        status: 'active',
        passwordHash: owner,
      },
      {
        companyId: demo.id,
        email: 'purchaser@demo.test',
        firstName: 'Peter',
        lastName: 'Purchaser',
        role: 'purchaser',
        status: 'active',
        passwordHash: purchaser,
      },
      {
        companyId: demo.id,
        email: 'accountant@demo.test',
        firstName: 'Anna',
        lastName: 'Accountant',
        role: 'accountant',
        status: 'active',
        passwordHash: accountant,
      },
      {
        companyId: otherCo.id,
        email: 'owner@other.test',
        firstName: 'Oscar',
        lastName: 'Other',
        role: 'owner',
        status: 'active',
        passwordHash: other,
      },
      {
        companyId: pendingCo.id,
        email: 'pending@demo.test',
        firstName: 'Paula',
        lastName: 'Pending',
        role: 'owner',
        status: 'pending',
        passwordHash: pending,
      },
      {
        companyId: null,
        email: 'admin@demo.test',
        firstName: 'Sam',
        lastName: 'Staff',
        role: 'admin',
        status: 'active',
        passwordHash: admin,
      },
      {
        companyId: null,
        email: 'operator@demo.test',
        firstName: 'Olivia',
        lastName: 'Operator',
        role: 'operator',
        status: 'active',
        passwordHash: operator,
      },
    ]);
    await tx.insert(invoiceAddresses).values({
      companyId: demo.id,
      companyName: demoCompany.name,
      vatNumber: demoCompany.vatNumber,
      street: demoCompany.street,
      houseNumber: demoCompany.houseNumber,
      zipCode: demoCompany.postcode,
      city: demoCompany.city,
      country: demoCompany.country,
      email: 'accounts@demo.test',
      isDefault: true,
      vatVerifiedAt: demoCompany.vatVerifiedAt,
    });
    return true;
  });
}
