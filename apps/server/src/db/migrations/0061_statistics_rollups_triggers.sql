-- The statistics rollups of migration 0060 (docs/decisions/0024-statistics.md "Rollups"), kept by the
-- database. After any change that can alter what a submitted evaluation counts for, a trigger
-- refreshes that evaluation: it takes out what its fact row says was added, rewrites the fact from the
-- tables (the view below) and adds the new fact. A refresh is idempotent and needs nothing but the
-- fact to undo, so multi-row statements, cascades and any code path leave the rollups equal to the
-- raw rows.
SELECT hxk_enable_tenant_rls('evaluation_stat_facts');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('evaluation_rollups');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('evaluation_week_rollups');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('evaluation_day_rollups');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('evaluation_indicator_day_rollups');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('evaluation_indicator_rollups');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('plan_attendance_rollups');
--> statement-breakpoint
-- A submitted evaluation as statistics count it: its course's semester, unit and teacher, its class's
-- week, its template, and its percent (the latest resolved appeal's score after appeal, else the
-- total, over the version's full score). Row-level security of the caller applies.
CREATE VIEW evaluation_contributions WITH (security_invoker = true) AS
SELECT e.school_id, e.id, e.plan_id, e.evaluator_id, e.kind, e.teacher_id,
  c.semester_id, c.org_unit_id, c.teacher_id AS course_teacher_id, cs.week, cs.lesson_date, tv.template_id,
  coalesce((SELECT a.score_after FROM appeals a WHERE a.school_id = e.school_id AND a.evaluation_id = e.id AND a.status = 'resolved'
    ORDER BY a.handled_at DESC, a.id DESC LIMIT 1), e.total_score) / nullif(tv.total_score, 0) * 100 AS pct
FROM evaluations e
JOIN courses c ON c.school_id = e.school_id AND c.id = e.course_id
JOIN course_sessions cs ON cs.school_id = e.school_id AND cs.id = e.course_session_id
JOIN template_versions tv ON tv.school_id = e.school_id AND tv.id = e.template_version_id
WHERE e.status = 'submitted';
--> statement-breakpoint
GRANT SELECT ON evaluation_contributions TO hxk_app, hxk_platform;
--> statement-breakpoint
-- Adds (p_sign 1) or takes out (-1) the facts of some evaluations to the six rollups; rollup rows
-- whose count reaches 0 are deleted.
CREATE OR REPLACE FUNCTION hxk_stats_apply(p_school bigint, p_ids bigint[], p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zero bigint[];
  zero_evaluators bigint[];
BEGIN
  WITH up AS (
    INSERT INTO evaluation_rollups AS t (school_id, semester_id, org_unit_id, course_teacher_id, teacher_id, week, template_id, plan_id, kind,
      n, pct_sum, pct_n, b_lt60, b_60to70, b_70to80, b_80to90, b_ge90)
    SELECT v.school_id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.week, v.template_id, v.plan_id, v.kind,
      p_sign * count(*), p_sign * coalesce(sum(v.pct), 0), p_sign * count(v.pct),
      p_sign * count(*) FILTER (WHERE v.pct < 60),
      p_sign * count(*) FILTER (WHERE v.pct >= 60 AND v.pct < 70),
      p_sign * count(*) FILTER (WHERE v.pct >= 70 AND v.pct < 80),
      p_sign * count(*) FILTER (WHERE v.pct >= 80 AND v.pct < 90),
      -- as the raw query's CASE: no percent (a full score of 0) falls in the last band
      p_sign * count(*) FILTER (WHERE NOT coalesce(v.pct < 90, false))
    FROM evaluation_stat_facts v
    WHERE v.school_id = p_school AND v.evaluation_id = ANY (p_ids)
    GROUP BY v.school_id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.week, v.template_id, v.plan_id, v.kind
    ON CONFLICT ON CONSTRAINT evaluation_rollups_key DO UPDATE SET
      n = t.n + excluded.n, pct_sum = t.pct_sum + excluded.pct_sum, pct_n = t.pct_n + excluded.pct_n,
      b_lt60 = t.b_lt60 + excluded.b_lt60, b_60to70 = t.b_60to70 + excluded.b_60to70, b_70to80 = t.b_70to80 + excluded.b_70to80,
      b_80to90 = t.b_80to90 + excluded.b_80to90, b_ge90 = t.b_ge90 + excluded.b_ge90
    RETURNING t.id, t.n)
  SELECT array_agg(id) FILTER (WHERE n = 0) INTO zero FROM up;
  IF zero IS NOT NULL THEN
    DELETE FROM evaluation_rollups WHERE school_id = p_school AND id = ANY (zero);
  END IF;

  WITH up AS (
    INSERT INTO evaluation_week_rollups AS t (school_id, semester_id, org_unit_id, course_teacher_id, teacher_id, week,
      n, pct_sum, pct_n, b_lt60, b_60to70, b_70to80, b_80to90, b_ge90)
    SELECT v.school_id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.week,
      p_sign * count(*), p_sign * coalesce(sum(v.pct), 0), p_sign * count(v.pct),
      p_sign * count(*) FILTER (WHERE v.pct < 60),
      p_sign * count(*) FILTER (WHERE v.pct >= 60 AND v.pct < 70),
      p_sign * count(*) FILTER (WHERE v.pct >= 70 AND v.pct < 80),
      p_sign * count(*) FILTER (WHERE v.pct >= 80 AND v.pct < 90),
      p_sign * count(*) FILTER (WHERE NOT coalesce(v.pct < 90, false))
    FROM evaluation_stat_facts v
    WHERE v.school_id = p_school AND v.evaluation_id = ANY (p_ids)
    GROUP BY v.school_id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.week
    ON CONFLICT ON CONSTRAINT evaluation_week_rollups_key DO UPDATE SET
      n = t.n + excluded.n, pct_sum = t.pct_sum + excluded.pct_sum, pct_n = t.pct_n + excluded.pct_n,
      b_lt60 = t.b_lt60 + excluded.b_lt60, b_60to70 = t.b_60to70 + excluded.b_60to70, b_70to80 = t.b_70to80 + excluded.b_70to80,
      b_80to90 = t.b_80to90 + excluded.b_80to90, b_ge90 = t.b_ge90 + excluded.b_ge90
    RETURNING t.id, t.n)
  SELECT array_agg(id) FILTER (WHERE n = 0) INTO zero FROM up;
  IF zero IS NOT NULL THEN
    DELETE FROM evaluation_week_rollups WHERE school_id = p_school AND id = ANY (zero);
  END IF;

  WITH up AS (
    INSERT INTO evaluation_day_rollups AS t (school_id, semester_id, org_unit_id, course_teacher_id, teacher_id, lesson_date, week,
      n, pct_sum, pct_n, b_lt60, b_60to70, b_70to80, b_80to90, b_ge90)
    SELECT v.school_id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.lesson_date, v.week,
      p_sign * count(*), p_sign * coalesce(sum(v.pct), 0), p_sign * count(v.pct),
      p_sign * count(*) FILTER (WHERE v.pct < 60),
      p_sign * count(*) FILTER (WHERE v.pct >= 60 AND v.pct < 70),
      p_sign * count(*) FILTER (WHERE v.pct >= 70 AND v.pct < 80),
      p_sign * count(*) FILTER (WHERE v.pct >= 80 AND v.pct < 90),
      p_sign * count(*) FILTER (WHERE NOT coalesce(v.pct < 90, false))
    FROM evaluation_stat_facts v
    WHERE v.school_id = p_school AND v.evaluation_id = ANY (p_ids)
    GROUP BY v.school_id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.lesson_date, v.week
    ON CONFLICT ON CONSTRAINT evaluation_day_rollups_key DO UPDATE SET
      n = t.n + excluded.n, pct_sum = t.pct_sum + excluded.pct_sum, pct_n = t.pct_n + excluded.pct_n,
      b_lt60 = t.b_lt60 + excluded.b_lt60, b_60to70 = t.b_60to70 + excluded.b_60to70, b_70to80 = t.b_70to80 + excluded.b_70to80,
      b_80to90 = t.b_80to90 + excluded.b_80to90, b_ge90 = t.b_ge90 + excluded.b_ge90
    RETURNING t.id, t.n)
  SELECT array_agg(id) FILTER (WHERE n = 0) INTO zero FROM up;
  IF zero IS NOT NULL THEN
    DELETE FROM evaluation_day_rollups WHERE school_id = p_school AND id = ANY (zero);
  END IF;

  WITH up AS (
    INSERT INTO plan_attendance_rollups AS t (school_id, plan_id, evaluator_id, n)
    SELECT v.school_id, v.plan_id, v.evaluator_id, p_sign * count(*)
    FROM evaluation_stat_facts v
    WHERE v.school_id = p_school AND v.evaluation_id = ANY (p_ids) AND v.plan_id IS NOT NULL
    GROUP BY v.school_id, v.plan_id, v.evaluator_id
    ON CONFLICT (school_id, plan_id, evaluator_id) DO UPDATE SET n = t.n + excluded.n
    RETURNING t.plan_id, t.evaluator_id, t.n)
  SELECT array_agg(plan_id) FILTER (WHERE n = 0), array_agg(evaluator_id) FILTER (WHERE n = 0) INTO zero, zero_evaluators FROM up;
  IF zero IS NOT NULL THEN
    DELETE FROM plan_attendance_rollups t USING unnest(zero, zero_evaluators) AS z(plan_id, evaluator_id)
    WHERE t.school_id = p_school AND t.plan_id = z.plan_id AND t.evaluator_id = z.evaluator_id;
  END IF;

  WITH up AS (
    INSERT INTO evaluation_indicator_rollups AS t (school_id, semester_id, org_unit_id, template_id, plan_id, kind, indicator_key, section_key, name,
      score_sum, full_sum, n)
    SELECT v.school_id, v.semester_id, v.org_unit_id, v.template_id, v.plan_id, v.kind, i.k, min(i.sk), min(i.nm),
      p_sign * sum(i.score), p_sign * sum(i.fu), p_sign * count(*)
    FROM evaluation_stat_facts v
    CROSS JOIN LATERAL unnest(v.ind_keys, v.ind_sections, v.ind_names, v.ind_scores, v.ind_fulls) AS i(k, sk, nm, score, fu)
    WHERE v.school_id = p_school AND v.evaluation_id = ANY (p_ids)
    GROUP BY v.school_id, v.semester_id, v.org_unit_id, v.template_id, v.plan_id, v.kind, i.k
    ON CONFLICT ON CONSTRAINT evaluation_indicator_rollups_key DO UPDATE SET
      score_sum = t.score_sum + excluded.score_sum, full_sum = t.full_sum + excluded.full_sum, n = t.n + excluded.n,
      -- the least section key and name ever added (the raw query's min()); taking one out leaves them
      section_key = CASE WHEN p_sign > 0 THEN least(t.section_key, excluded.section_key) ELSE t.section_key END,
      name = CASE WHEN p_sign > 0 THEN least(t.name, excluded.name) ELSE t.name END
    RETURNING t.id, t.n)
  SELECT array_agg(id) FILTER (WHERE n = 0) INTO zero FROM up;
  IF zero IS NOT NULL THEN
    DELETE FROM evaluation_indicator_rollups WHERE school_id = p_school AND id = ANY (zero);
  END IF;

  WITH up AS (
    INSERT INTO evaluation_indicator_day_rollups AS t (school_id, semester_id, org_unit_id, lesson_date, indicator_key, section_key, name,
      score_sum, full_sum, n)
    SELECT v.school_id, v.semester_id, v.org_unit_id, v.lesson_date, i.k, min(i.sk), min(i.nm),
      p_sign * sum(i.score), p_sign * sum(i.fu), p_sign * count(*)
    FROM evaluation_stat_facts v
    CROSS JOIN LATERAL unnest(v.ind_keys, v.ind_sections, v.ind_names, v.ind_scores, v.ind_fulls) AS i(k, sk, nm, score, fu)
    WHERE v.school_id = p_school AND v.evaluation_id = ANY (p_ids)
    GROUP BY v.school_id, v.semester_id, v.org_unit_id, v.lesson_date, i.k
    ON CONFLICT ON CONSTRAINT evaluation_indicator_day_rollups_key DO UPDATE SET
      score_sum = t.score_sum + excluded.score_sum, full_sum = t.full_sum + excluded.full_sum, n = t.n + excluded.n,
      section_key = CASE WHEN p_sign > 0 THEN least(t.section_key, excluded.section_key) ELSE t.section_key END,
      name = CASE WHEN p_sign > 0 THEN least(t.name, excluded.name) ELSE t.name END
    RETURNING t.id, t.n)
  SELECT array_agg(id) FILTER (WHERE n = 0) INTO zero FROM up;
  IF zero IS NOT NULL THEN
    DELETE FROM evaluation_indicator_day_rollups WHERE school_id = p_school AND id = ANY (zero);
  END IF;
END
$$;
--> statement-breakpoint
-- Writes the facts of some evaluations from the tables (those not submitted get none).
CREATE OR REPLACE FUNCTION hxk_stats_write_facts(p_school bigint, p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO evaluation_stat_facts (school_id, evaluation_id, semester_id, org_unit_id, course_teacher_id, teacher_id, week, lesson_date, template_id, plan_id, kind,
    evaluator_id, pct, ind_keys, ind_sections, ind_names, ind_scores, ind_fulls)
  SELECT v.school_id, v.id, v.semester_id, v.org_unit_id, v.course_teacher_id, v.teacher_id, v.week, v.lesson_date, v.template_id, v.plan_id, v.kind,
    v.evaluator_id, v.pct, coalesce(s.keys, '{}'), coalesce(s.sections, '{}'), coalesce(s.names, '{}'), coalesce(s.scores, '{}'), coalesce(s.fulls, '{}')
  FROM evaluation_contributions v
  LEFT JOIN LATERAL (
    SELECT array_agg(x.k ORDER BY x.k) AS keys, array_agg(x.sk ORDER BY x.k) AS sections, array_agg(x.nm ORDER BY x.k) AS names,
      array_agg(x.score ORDER BY x.k) AS scores, array_agg(x.fu ORDER BY x.k) AS fulls
    FROM (SELECT ss.indicator_key AS k, min(ss.section_key) AS sk, min(ss.name) AS nm, sum(ss.score) AS score, sum(ss."full") AS fu
      FROM evaluation_section_scores ss WHERE ss.school_id = v.school_id AND ss.evaluation_id = v.id GROUP BY ss.indicator_key) x
  ) s ON true
  WHERE v.school_id = p_school AND v.id = ANY (p_ids);
END
$$;
--> statement-breakpoint
-- Brings some evaluations' contributions up to date: out with the old facts, in with the new. In
-- batches of 1,000, so that a bulk statement's thousands of rows are read by index, batch by batch.
CREATE OR REPLACE FUNCTION hxk_stats_refresh(p_school bigint, p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  batch bigint[];
  i integer := 1;
BEGIN
  WHILE i <= coalesce(cardinality(p_ids), 0) LOOP
    batch := p_ids[i:i + 999];
    i := i + 1000;
    PERFORM hxk_stats_apply(p_school, batch, -1);
    DELETE FROM evaluation_stat_facts WHERE school_id = p_school AND evaluation_id = ANY (batch);
    PERFORM hxk_stats_write_facts(p_school, batch);
    PERFORM hxk_stats_apply(p_school, batch, 1);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Recomputes a school's facts and rollups from its rows (this migration's backfill; bulk loads that bypass triggers).
CREATE OR REPLACE FUNCTION hxk_stats_rebuild(p_school bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM evaluation_rollups WHERE school_id = p_school;
  DELETE FROM evaluation_week_rollups WHERE school_id = p_school;
  DELETE FROM evaluation_day_rollups WHERE school_id = p_school;
  DELETE FROM evaluation_indicator_day_rollups WHERE school_id = p_school;
  DELETE FROM evaluation_indicator_rollups WHERE school_id = p_school;
  DELETE FROM plan_attendance_rollups WHERE school_id = p_school;
  DELETE FROM evaluation_stat_facts WHERE school_id = p_school;
  PERFORM hxk_stats_refresh(p_school, ARRAY(SELECT id FROM evaluations WHERE school_id = p_school AND status = 'submitted' ORDER BY id));
END
$$;
--> statement-breakpoint
-- Evaluations, per statement (a bulk insert or a cascade refreshes its rows in one pass); a draft
-- that stays a draft changes nothing.
CREATE OR REPLACE FUNCTION hxk_stats_evaluations_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT school_id, array_agg(id) AS ids FROM changed WHERE status = 'submitted' GROUP BY school_id LOOP
    PERFORM hxk_stats_refresh(r.school_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update's rows that were submitted before it (back to draft: their facts go).
CREATE OR REPLACE FUNCTION hxk_stats_evaluations_update_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT x.school_id, array_agg(DISTINCT x.id) AS ids
    FROM (SELECT school_id, id FROM changed WHERE status = 'submitted' UNION ALL SELECT school_id, id FROM before_rows WHERE status = 'submitted') x
    GROUP BY x.school_id LOOP
    PERFORM hxk_stats_refresh(r.school_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER evaluations_stats_insert AFTER INSERT ON evaluations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hxk_stats_evaluations_trg();
--> statement-breakpoint
CREATE TRIGGER evaluations_stats_update AFTER UPDATE ON evaluations
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hxk_stats_evaluations_update_trg();
--> statement-breakpoint
CREATE TRIGGER evaluations_stats_delete AFTER DELETE ON evaluations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hxk_stats_evaluations_trg();
--> statement-breakpoint
-- A resolved appeal changes the score that counts.
CREATE OR REPLACE FUNCTION hxk_stats_appeals_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM hxk_stats_refresh(OLD.school_id, ARRAY[OLD.evaluation_id]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.evaluation_id IS DISTINCT FROM OLD.evaluation_id) THEN
    PERFORM hxk_stats_refresh(NEW.school_id, ARRAY[NEW.evaluation_id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER appeals_stats_insert AFTER INSERT ON appeals
  FOR EACH ROW WHEN (NEW.status = 'resolved') EXECUTE FUNCTION hxk_stats_appeals_trg();
--> statement-breakpoint
CREATE TRIGGER appeals_stats_update AFTER UPDATE ON appeals
  FOR EACH ROW WHEN (OLD.status = 'resolved' OR NEW.status = 'resolved') EXECUTE FUNCTION hxk_stats_appeals_trg();
--> statement-breakpoint
CREATE TRIGGER appeals_stats_delete AFTER DELETE ON appeals
  FOR EACH ROW WHEN (OLD.status = 'resolved') EXECUTE FUNCTION hxk_stats_appeals_trg();
--> statement-breakpoint
-- An evaluation's section scores are written together: one refresh per evaluation and statement.
CREATE OR REPLACE FUNCTION hxk_stats_section_scores_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT school_id, array_agg(DISTINCT evaluation_id) AS ids FROM changed GROUP BY school_id LOOP
    PERFORM hxk_stats_refresh(r.school_id, r.ids);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER evaluation_section_scores_stats_insert AFTER INSERT ON evaluation_section_scores
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hxk_stats_section_scores_trg();
--> statement-breakpoint
CREATE TRIGGER evaluation_section_scores_stats_update AFTER UPDATE ON evaluation_section_scores
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hxk_stats_section_scores_trg();
--> statement-breakpoint
CREATE TRIGGER evaluation_section_scores_stats_delete AFTER DELETE ON evaluation_section_scores
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hxk_stats_section_scores_trg();
--> statement-breakpoint
-- A course moved to another semester, unit or teacher, or a class to another week or day, moves its
-- evaluations. (A course or class deleted deletes its evaluations, whose own trigger takes them out.)
CREATE OR REPLACE FUNCTION hxk_stats_courses_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- index: evaluations_course_idx (school_id, course_id, status)
  PERFORM hxk_stats_refresh(NEW.school_id,
    ARRAY(SELECT e.id FROM evaluations e WHERE e.school_id = NEW.school_id AND e.course_id = NEW.id AND e.status = 'submitted'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_stats AFTER UPDATE ON courses FOR EACH ROW
  WHEN (OLD.semester_id IS DISTINCT FROM NEW.semester_id OR OLD.org_unit_id IS DISTINCT FROM NEW.org_unit_id OR OLD.teacher_id IS DISTINCT FROM NEW.teacher_id)
  EXECUTE FUNCTION hxk_stats_courses_trg();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hxk_stats_course_sessions_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- index: evaluations_course_idx (school_id, course_id, status); an evaluation's course is its class's
  PERFORM hxk_stats_refresh(NEW.school_id,
    ARRAY(SELECT e.id FROM evaluations e WHERE e.school_id = NEW.school_id AND e.course_id IN (OLD.course_id, NEW.course_id)
      AND e.status = 'submitted' AND e.course_session_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER course_sessions_stats AFTER UPDATE ON course_sessions FOR EACH ROW
  WHEN (OLD.week IS DISTINCT FROM NEW.week OR OLD.lesson_date IS DISTINCT FROM NEW.lesson_date OR OLD.course_id IS DISTINCT FROM NEW.course_id)
  EXECUTE FUNCTION hxk_stats_course_sessions_trg();
--> statement-breakpoint
SELECT hxk_stats_rebuild(id) FROM schools;
