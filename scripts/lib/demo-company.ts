import type { CallerContext, ProjectWonEvent } from '@portal/contracts';

/** A demo user's account: its id, name and staff record. */
export interface DemoUser {
  id: string;
  name: string;
  staffId: string;
}

/**
 * The demo company as the base seed (system and HR: demo.ts) leaves it, handed to each domain's own demo seed
 * (DomainEntry.demo): the seed's administrator context, and the ids of staff (by code, NV001…), roles (by code),
 * units and departments (by code), positions (by code) and demo users (by username) its records point at; and each staff member's
 * department (staff code → department code).
 */
export interface DemoCompany {
  ctx: CallerContext;
  staffIds: Map<string, string>;
  staffDepartments: Map<string, string>;
  roleIds: Map<string, string>;
  orgIds: Map<string, string>;
  /** Positions by code (GD, PGD-DA, TP, KS, CHT…). */
  positionIds: Map<string, string>;
  users: Map<string, DemoUser>;
  /**
   * The projects the business demo wins, as its won event tells them (contracts ProjectWonEvent): the implementation
   * demo carries them out (its service would make the same of the events, once relayed).
   */
  wonProjects: ProjectWonEvent[];
  /** The contractors in good standing (the business demo's partners): the implementation demo's subcontractors. */
  contractorIds: string[];
}
