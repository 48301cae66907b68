/**
 * Courses with their timetable. One sheet row is one meeting pattern of a course (weeks, weekday,
 * sessions, room); the rows of a course share its code and must agree on its other columns. A course
 * already in the semester is updated; each meeting is added, or updated when the course already
 * meets in that week, on that day, from that session (the timetable's slot key). Nothing is deleted.
 * Lesson dates come from the shared calendar rules. A room or a teacher booked twice at the same
 * time (in the file, or against the timetable already stored) is refused.
 */
import { lessonDate } from '@hxk/contracts';
import { allBuildings } from './classrooms.repo.ts';
import * as repo from './courses.repo.ts';
import { chunks, unitPaths, type KindImpl } from './kind.ts';
import { Bookings, RowErrors, formatWeeks, optionalText, parseWeekday, parseWeeks, requiredText, wholeNumber } from './rules.ts';

type CoursePlan = {
  key: string;
  row: number;
  semesterId: string;
  code: string;
  name: string;
  orgUnitId: string | null;
  teacherId: string;
  teachingClass: string | null;
  studentCount: number;
  courseId: string | null;
};
type SessionPlan = { courseKey: string; classroomId: string | null; week: number; weekday: number; sessionStart: number; sessionEnd: number; lessonDate: string };
type Plan = { courses: CoursePlan[]; sessions: SessionPlan[] };
type Owner = { row: number } | { code: string };

export const coursesKind: KindImpl<Plan> = {
  mode: 'school',

  async prepare(tx, input) {
    const { rows } = input;
    const errors = new RowErrors();
    const units = await unitPaths(tx);
    const sems = await repo.allSemesters(tx);
    const semByName = new Map(sems.map((s) => [s.name.toLowerCase(), s]));
    const teacherAccounts = [...new Set(rows.map((r) => (r.cells.teacher ?? '').toLowerCase()).filter(Boolean))];
    const teachers = new Map<string, string>();
    for (const part of chunks(teacherAccounts, 1000)) {
      const hits = await repo.approvedMembersByAccount(tx, part);
      for (const h of hits) teachers.set(h.account.toLowerCase(), h.id);
    }
    const blds = await allBuildings(tx);
    const buildingByName = new Map(blds.map((b) => [b.name.toLowerCase(), b.id]));
    const rooms = await repo.allRooms(tx);
    const roomByKey = new Map(rooms.map((r) => [`${r.buildingId}\u0000${r.name.toLowerCase()}`, r.id]));
    const sessionNos = new Set(await repo.sessionNumbers(tx));

    // Courses of the semesters named in the file, and their stored meetings (for double-booking).
    const semIds = [...new Set(rows.map((r) => semByName.get((r.cells.semester ?? '').toLowerCase())?.id).filter((x): x is string => Boolean(x)))];
    const existingCourses = semIds.length
      ? await repo.coursesOfSemesters(tx, semIds)
      : [];
    const courseByKey = new Map(existingCourses.map((c) => [`${c.semesterId}\u0000${c.code.toLowerCase()}`, c]));
    const plannedCourses = new Map<string, CoursePlan>();
    const sessions: SessionPlan[] = [];
    const slotRow = new Map<string, number>();
    type Parsed = { row: number; key: string; code: string; semesterId: string; weeks: number[]; weekday: number; from: number; to: number; classroomId: string | null; teacherId: string; startDate: string };
    const parsed: Parsed[] = [];

    for (const { row, cells } of rows) {
      const semName = requiredText(errors, row, 'semester', cells.semester ?? '', 64);
      const sem = semName ? semByName.get(semName.toLowerCase()) : undefined;
      if (semName && !sem) errors.add(row, 'semester', 'semesterNotFound', { value: semName });
      const code = requiredText(errors, row, 'code', cells.code ?? '', 64);
      const name = requiredText(errors, row, 'name', cells.name ?? '', 100);
      const deptText = cells.department ?? '';
      const orgUnitId = deptText ? units.find(deptText) : null;
      if (deptText && !orgUnitId) errors.add(row, 'department', 'departmentNotFound', { value: deptText });
      const teacherText = requiredText(errors, row, 'teacher', cells.teacher ?? '', 64);
      const teacherId = teacherText ? teachers.get(teacherText.toLowerCase()) : undefined;
      if (teacherText && !teacherId) errors.add(row, 'teacher', 'teacherNotFound', { value: teacherText });
      const teachingClass = optionalText(errors, row, 'teachingClass', cells.teachingClass ?? '', 100);
      const studentCount = wholeNumber(errors, row, 'studentCount', cells.studentCount ?? '', 0, 10000, 0);
      const weeksText = cells.weeks ?? '';
      let weeks: number[] | null = null;
      if (!weeksText) errors.add(row, 'weeks', 'required');
      else {
        weeks = parseWeeks(weeksText);
        if (!weeks) errors.add(row, 'weeks', 'weeks');
        else if (sem) {
          const beyond = weeks.find((w) => w > sem.weekCount);
          if (beyond) errors.add(row, 'weeks', 'weekBeyondSemester', { week: beyond, weeks: sem.weekCount });
        }
      }
      const weekdayText = cells.weekday ?? '';
      const weekday = weekdayText ? parseWeekday(weekdayText) : null;
      if (!weekdayText) errors.add(row, 'weekday', 'required');
      else if (!weekday) errors.add(row, 'weekday', 'wholeNumber', { min: 1, max: 7 });
      const from = wholeNumber(errors, row, 'sessionFrom', cells.sessionFrom ?? '', 1, 20);
      const to = wholeNumber(errors, row, 'sessionTo', cells.sessionTo ?? '', 1, 20);
      if (from !== null && to !== null && to < from) errors.add(row, 'sessionTo', 'sessionOrder');
      if (sessionNos.size && from !== null && to !== null && to >= from) {
        for (let s = from; s <= to; s++) {
          if (!sessionNos.has(s)) {
            errors.add(row, s === from ? 'sessionFrom' : 'sessionTo', 'sessionUnknown', { session: s });
            break;
          }
        }
      }
      const buildingText = cells.building ?? '';
      const roomText = cells.room ?? '';
      let classroomId: string | null = null;
      if (roomText && !buildingText) errors.add(row, 'building', 'buildingRequired');
      if (buildingText) {
        const buildingId = buildingByName.get(buildingText.toLowerCase());
        if (!buildingId) errors.add(row, 'building', 'buildingNotFound', { value: buildingText });
        else if (roomText) {
          classroomId = roomByKey.get(`${buildingId}\u0000${roomText.toLowerCase()}`) ?? null;
          if (!classroomId) errors.add(row, 'room', 'roomNotFound', { value: roomText });
        }
      }
      if (!sem || !code || !name || !teacherId || teachingClass === undefined || studentCount === null || !weeks || !weekday || from === null || to === null) continue;

      // The rows of one course agree on the course's own columns.
      const key = `${sem.id}\u0000${code.toLowerCase()}`;
      const course = plannedCourses.get(key);
      if (!course) {
        plannedCourses.set(key, { key, row, semesterId: sem.id, code, name, orgUnitId, teacherId, teachingClass: teachingClass ?? null, studentCount, courseId: courseByKey.get(key)?.id ?? null });
      } else if (course.name !== name || course.orgUnitId !== orgUnitId || course.teacherId !== teacherId || course.teachingClass !== (teachingClass ?? null) || course.studentCount !== studentCount) {
        errors.add(row, 'code', 'courseMismatch', { row: course.row });
      }
      for (const w of weeks) {
        const slot = `${key}\u0000${w}\u0000${weekday}\u0000${from}`;
        const first = slotRow.get(slot);
        if (first !== undefined && first !== row) {
          errors.add(row, 'weeks', 'duplicateInFile', { row: first });
          break;
        }
        slotRow.set(slot, row);
      }
      if (errors.has(row)) continue;
      parsed.push({ row, key, code, semesterId: sem.id, weeks, weekday, from, to, classroomId, teacherId, startDate: sem.startDate });
    }

    // Double-booking: the stored timetable of the file's dates first (minus the slots this file
    // rewrites; any semester, rooms are shared), then the file.
    let first = '9999-12-31';
    let last = '0000-01-01';
    for (const p of parsed) {
      const a = lessonDate(p.startDate, p.weeks[0]!, p.weekday);
      const b = lessonDate(p.startDate, p.weeks[p.weeks.length - 1]!, p.weekday);
      if (a < first) first = a;
      if (b > last) last = b;
    }
    const stored = parsed.length ? await repo.meetingsBetween(tx, first, last) : [];
    const rooms_ = new Bookings<Owner>();
    const teachers_ = new Bookings<Owner>();
    for (const s of stored) {
      const key = `${s.semesterId}\u0000${s.code.toLowerCase()}`;
      if (slotRow.has(`${key}\u0000${s.week}\u0000${s.weekday}\u0000${s.sessionStart}`)) continue;
      const teacherId = plannedCourses.get(key)?.teacherId ?? s.teacherId;
      if (s.classroomId) rooms_.book(`${s.classroomId}\u0000${s.lessonDate}`, s.sessionStart, s.sessionEnd, key, { code: s.code });
      teachers_.book(`${teacherId}\u0000${s.lessonDate}`, s.sessionStart, s.sessionEnd, key, { code: s.code });
    }
    const other = (o: Owner): Record<string, string | number> => ('row' in o ? { otherRow: o.row } : { otherCode: o.code });
    for (const p of parsed) {
      const course = plannedCourses.get(p.key)!;
      const teacherId = course.teacherId;
      for (const w of p.weeks) {
        const date = lessonDate(p.startDate, w, p.weekday);
        const where = { week: w, weekday: p.weekday, sessions: p.from === p.to ? String(p.from) : `${p.from}-${p.to}` };
        if (p.classroomId) {
          const clash = rooms_.book(`${p.classroomId}\u0000${date}`, p.from, p.to, p.key, { row: p.row });
          if (clash) {
            errors.add(p.row, 'room', 'roomBusy', { ...where, ...other(clash) });
            break;
          }
        }
        const clash = teachers_.book(`${teacherId}\u0000${date}`, p.from, p.to, p.key, { row: p.row });
        if (clash) {
          errors.add(p.row, 'teacher', 'teacherBusy', { ...where, ...other(clash) });
          break;
        }
        sessions.push({ courseKey: p.key, classroomId: p.classroomId, week: w, weekday: p.weekday, sessionStart: p.from, sessionEnd: p.to, lessonDate: date });
      }
    }
    const list = [...plannedCourses.values()];
    return {
      errors,
      plan: { courses: list, sessions },
      counts: { created: list.filter((c) => !c.courseId).length, updated: list.filter((c) => c.courseId).length, sessions: sessions.length },
    };
  },

  async apply(tx, input, plan, progress) {
    const { schoolId, now } = input;
    const idOf = new Map<string, string>();
    for (const c of plan.courses) if (c.courseId) idOf.set(c.key, c.courseId);
    for (const part of chunks(plan.courses.filter((c) => !c.courseId), 500)) {
      const out = await repo.insertCourses(tx, part.map((c) => ({ schoolId, semesterId: c.semesterId, code: c.code, name: c.name, orgUnitId: c.orgUnitId, teacherId: c.teacherId, teachingClass: c.teachingClass, studentCount: c.studentCount, createdAt: now })));
      part.forEach((c, i) => idOf.set(c.key, out[i]!.id));
    }
    for (const c of plan.courses.filter((x) => x.courseId)) {
      await repo.updateCourse(tx, c.courseId!, { name: c.name, orgUnitId: c.orgUnitId, teacherId: c.teacherId, teachingClass: c.teachingClass, studentCount: c.studentCount });
    }
    const total = plan.sessions.length || 1;
    let done = 0;
    for (const part of chunks(plan.sessions, 1000)) {
      await repo.upsertMeetings(tx, part.map((s) => ({ schoolId, courseId: idOf.get(s.courseKey)!, classroomId: s.classroomId, week: s.week, weekday: s.weekday, sessionStart: s.sessionStart, sessionEnd: s.sessionEnd, lessonDate: s.lessonDate })));
      done += part.length;
      await progress(Math.round((done / total) * input.rows.length));
    }
  },

  async exportRows(tx, schoolId, filters) {
    const units = await unitPaths(tx);
    const rows = await repo.courseExportRows(tx, filters as repo.CourseExportFilter);
    return rows.map((r) => [
      r.semester, r.code, r.name, r.orgUnitId ? units.pathOf.get(r.orgUnitId) ?? null : null, r.teacher, r.teachingClass, r.studentCount,
      r.weeks?.length ? formatWeeks(r.weeks.map(Number)) : null, r.weekday, r.from, r.to, r.building, r.room,
    ]);
  },
};
