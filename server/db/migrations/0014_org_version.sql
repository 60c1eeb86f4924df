ALTER TABLE "companies" ADD COLUMN "org_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The organization's version: any statement that adds, changes or removes people, agents or teams
-- of a company bumps it once (statement-level triggers over the transition tables, so a bulk
-- insert of 5,000 people is one bump, not 5,000). A chart cached for a version is current while
-- the version holds, whoever wrote the change and however (the API, a seed, another instance).
CREATE FUNCTION workspace_bump_org_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET org_version = org_version + 1
      WHERE id IN (SELECT company_id FROM changed_after WHERE company_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE companies SET org_version = org_version + 1
      WHERE id IN (SELECT company_id FROM changed_before WHERE company_id IS NOT NULL);
  ELSE
    UPDATE companies SET org_version = org_version + 1
      WHERE id IN (SELECT company_id FROM changed_before WHERE company_id IS NOT NULL
                   UNION SELECT company_id FROM changed_after WHERE company_id IS NOT NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_org_version_insert AFTER INSERT ON users REFERENCING NEW TABLE AS changed_after
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER users_org_version_update AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER users_org_version_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER agents_org_version_insert AFTER INSERT ON agents REFERENCING NEW TABLE AS changed_after
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER agents_org_version_update AFTER UPDATE ON agents REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER agents_org_version_delete AFTER DELETE ON agents REFERENCING OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER teams_org_version_insert AFTER INSERT ON teams REFERENCING NEW TABLE AS changed_after
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER teams_org_version_update AFTER UPDATE ON teams REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
--> statement-breakpoint
CREATE TRIGGER teams_org_version_delete AFTER DELETE ON teams REFERENCING OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_bump_org_version();
