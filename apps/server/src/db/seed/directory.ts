/**
 * A school's directory for the demo and the tests (same code, STYLE 7): departments, teachers, a
 * semester containing today, daily session times, buildings and classrooms with a recorder and
 * cameras, courses with a timetable for every teaching week, supervision groups and an assignment
 * task. The timetable is built so that no room and no teacher is ever double-booked.
 */
import { and, eq, sql } from 'drizzle-orm';
import { IDENTITY, addDays, lessonDate, mondayOf } from '@hxk/contracts';
import {
  assignmentTasks,
  assignments,
  buildings,
  cameras,
  classrooms,
  courseSessions,
  courses,
  orgUnits,
  recorders,
  schoolMemberships,
  semesters,
  sessionTimes,
  supervisionGroupMembers,
  supervisionGroupUnits,
  supervisionGroups,
  type CAMERA_FRAMES,
} from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { createAccount } from './account.ts';

export type DirectoryScale = {
  departmentsPerCollege: number;
  /** Teachers in all, the school's demo teacher included. */
  teachers: number;
  buildings: number;
  roomsPerBuilding: number;
  courses: number;
  weeks: number;
};

export const DEMO_SCALE: DirectoryScale = { departmentsPerCollege: 3, teachers: 60, buildings: 3, roomsPerBuilding: 10, courses: 300, weeks: 20 };
export const SECOND_SCALE: DirectoryScale = { departmentsPerCollege: 2, teachers: 12, buildings: 1, roomsPerBuilding: 6, courses: 30, weeks: 20 };
export const TEST_SCALE: DirectoryScale = { departmentsPerCollege: 1, teachers: 5, buildings: 1, roomsPerBuilding: 3, courses: 6, weeks: 20 };

export type SeededDirectory = {
  semesterId: string;
  semesterStart: string;
  collegeIds: string[];
  departmentIds: string[];
  teachers: { id: string; account: string }[];
  buildingIds: string[];
  classrooms: { id: string; name: string; buildingId: string; recorderId: string; cameraIds: string[] }[];
  courses: { id: string; code: string; teacherId: string; orgUnitId: string }[];
  groupIds: string[];
  taskId: string;
};

const DEPARTMENTS: Record<string, { name: string; code: string; subjects: string[] }[]> = {
  'College of Science': [
    { name: 'Department of Mathematics', code: 'MATH', subjects: ['Advanced Mathematics', 'Linear Algebra', 'Probability and Statistics', 'Discrete Mathematics', 'Numerical Analysis'] },
    { name: 'Department of Physics', code: 'PHYS', subjects: ['General Physics', 'Optics', 'Electromagnetism', 'Quantum Mechanics', 'Physics Laboratory'] },
    { name: 'Department of Chemistry', code: 'CHEM', subjects: ['Inorganic Chemistry', 'Organic Chemistry', 'Analytical Chemistry', 'Physical Chemistry', 'Chemistry Laboratory'] },
  ],
  'College of Humanities': [
    { name: 'Department of Chinese Literature', code: 'CHIN', subjects: ['Classical Chinese', 'Modern Chinese Literature', 'Writing', 'Linguistics', 'Poetry Appreciation'] },
    { name: 'Department of History', code: 'HIST', subjects: ['Ancient History', 'Modern History', 'World History', 'Historiography', 'Archaeology'] },
    { name: 'Department of Foreign Languages', code: 'LANG', subjects: ['College English', 'English Listening', 'Japanese', 'Translation', 'Academic Writing'] },
  ],
};

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '华', '慧'];

/**
 * The n-th generated person's name: unique for every n (issue 20: no three teachers called 何杰). Each
 * surname meets each given name once in 400 people; beyond that a second given character is added.
 */
export function personName(n: number): string {
  const given = GIVEN[(n + Math.floor(n / SURNAMES.length)) % GIVEN.length]!;
  const more = n >= SURNAMES.length * GIVEN.length ? GIVEN[Math.floor(n / (SURNAMES.length * GIVEN.length)) % GIVEN.length]! : '';
  return `${SURNAMES[n % SURNAMES.length]}${given}${more}`;
}

/** Daily session times (minutes after midnight): ten 45-minute sessions. */
export const DEMO_SESSION_TIMES: [number, number][] = [
  [480, 525], [535, 580], [600, 645], [655, 700], [840, 885], [895, 940], [960, 1005], [1015, 1060], [1140, 1185], [1195, 1240],
];

const FRAMES: (typeof CAMERA_FRAMES)[number][] = ['composite', 'teacherFull', 'studentFull', 'teacherCloseUp', 'studentCloseUp', 'pcScreen'];
const CAMERA_NAMES: Record<(typeof CAMERA_FRAMES)[number], string> = {
  composite: 'Composite', teacherFull: 'Teacher', studentFull: 'Students', teacherCloseUp: 'Teacher close-up', studentCloseUp: 'Students close-up', pcScreen: 'PC screen',
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedDirectory(
  tx: Tx,
  input: {
    schoolId: string;
    scale: DirectoryScale;
    /** Account prefix of the extra teachers, unique across schools ('t' gives t001, t002 ...). */
    accountPrefix: string;
    demoTeacherId: string;
    leaderId: string;
    supervisorId: string;
    today: string;
  },
): Promise<SeededDirectory> {
  const { schoolId, scale } = input;
  const units = await tx.select().from(orgUnits).where(eq(orgUnits.schoolId, schoolId));
  const colleges = units.filter((u) => u.kind === 'college');

  // Departments under the colleges.
  const departments: { id: string; code: string; subjects: string[] }[] = [];
  for (const college of colleges) {
    const defs = (DEPARTMENTS[college.name] ?? []).slice(0, scale.departmentsPerCollege);
    for (const [i, d] of defs.entries()) {
      const [row] = await tx.insert(orgUnits).values({ schoolId, parentId: college.id, name: d.name, kind: 'department', sort: i }).returning({ id: orgUnits.id });
      departments.push({ id: row!.id, code: d.code, subjects: d.subjects });
    }
  }

  // Teachers: the demo teacher first, then generated ones, spread over the departments.
  const teachers: { id: string; account: string; orgUnitId: string }[] = [
    { id: input.demoTeacherId, account: 'teacher', orgUnitId: departments[0]!.id },
  ];
  await tx.update(schoolMemberships).set({ orgUnitId: departments[0]!.id })
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.accountId, input.demoTeacherId)));
  for (let n = 1; n < scale.teachers; n++) {
    const account = `${input.accountPrefix}${String(n).padStart(3, '0')}`;
    const name = personName(n);
    const row = await createAccount(tx, { account, name });
    const orgUnitId = departments[n % departments.length]!.id;
    await tx.insert(schoolMemberships).values({ schoolId, accountId: row.id, identity: IDENTITY.teacher, status: 'approved', orgUnitId });
    teachers.push({ id: row.id, account, orgUnitId });
  }

  // A semester containing today: it began ten weeks ago.
  const semesterStart = addDays(mondayOf(input.today), -70);
  const year = Number(semesterStart.slice(0, 4));
  const autumn = Number(semesterStart.slice(5, 7)) >= 7;
  const [semester] = await tx.insert(semesters).values({
    schoolId,
    name: autumn ? `${year}-${year + 1} Autumn` : `${year - 1}-${year} Spring`,
    startDate: semesterStart,
    weekCount: scale.weeks,
  }).returning({ id: semesters.id });
  const semesterId = semester!.id;
  await tx.insert(sessionTimes).values(DEMO_SESSION_TIMES.map(([startMinute, endMinute], i) => ({ schoolId, sessionNo: i + 1, startMinute, endMinute })));

  // Buildings, rooms, a recorder and four cameras in each room.
  const buildingIds: string[] = [];
  const rooms: SeededDirectory['classrooms'] = [];
  for (let b = 0; b < scale.buildings; b++) {
    const letter = String.fromCharCode(65 + b);
    const [building] = await tx.insert(buildings).values({ schoolId, name: `Teaching Building ${letter}`, sort: b }).returning({ id: buildings.id });
    buildingIds.push(building!.id);
    for (let r = 0; r < scale.roomsPerBuilding; r++) {
      const floor = Math.floor(r / 4) + 1;
      const name = `${letter}${floor}${String((r % 4) + 1).padStart(2, '0')}`;
      const seatRows = 8 + (r % 5);
      const [room] = await tx.insert(classrooms).values({
        schoolId, buildingId: building!.id, floor, name, capacity: seatRows * 8, seatRows, frontRows: 3,
      }).returning({ id: classrooms.id });
      const [recorder] = await tx.insert(recorders).values({ schoolId, classroomId: room!.id, name: `${name} recorder`, vendor: 'ONVIF' }).returning({ id: recorders.id });
      const frames = FRAMES.slice(0, 3).concat('pcScreen');
      const cams = await tx.insert(cameras).values(frames.map((frame, i) => ({
        schoolId, classroomId: room!.id, recorderId: recorder!.id, name: `${name} ${CAMERA_NAMES[frame]}`, frame, ptz: frame !== 'pcScreen', sort: i,
      }))).returning({ id: cameras.id });
      rooms.push({ id: room!.id, name, buildingId: building!.id, recorderId: recorder!.id, cameraIds: cams.map((c) => c.id) });
    }
  }

  // Courses: five per teacher; each meets twice a week in one room. Meeting m uses room m / 20 and
  // weekly slot m % 20 (five weekdays x four double sessions), so rooms and teachers never clash.
  const courseRows: SeededDirectory['courses'] = [];
  const sessionRows: (typeof courseSessions.$inferInsert)[] = [];
  for (let c = 0; c < scale.courses; c++) {
    const teacher = teachers[Math.floor(c / 5) % teachers.length]!;
    const dept = departments.find((d) => d.id === teacher.orgUnitId)!;
    const subject = dept.subjects[c % dept.subjects.length]!;
    const code = `${dept.code}${String(1001 + c)}`;
    const [course] = await tx.insert(courses).values({
      schoolId, semesterId, code, name: subject, orgUnitId: dept.id, teacherId: teacher.id,
      teachingClass: `${subject} ${2023 + (c % 3)}-${(c % 4) + 1}`, studentCount: 30 + ((c * 13) % 70),
    }).returning({ id: courses.id });
    courseRows.push({ id: course!.id, code, teacherId: teacher.id, orgUnitId: dept.id });
    for (const m of [2 * c, 2 * c + 1]) {
      const room = rooms[Math.floor(m / 20) % rooms.length]!;
      const slot = m % 20;
      const weekday = Math.floor(slot / 4) + 1;
      const sessionStart = (slot % 4) * 2 + 1;
      for (let week = 1; week <= scale.weeks; week++) {
        sessionRows.push({
          schoolId, courseId: course!.id, classroomId: room.id, week, weekday, sessionStart, sessionEnd: sessionStart + 1,
          lessonDate: lessonDate(semesterStart, week, weekday),
        });
      }
    }
  }
  await insertChunked(sessionRows, (chunk) => tx.insert(courseSessions).values(chunk));

  // Two supervision groups and an assignment task for this semester.
  const [g1] = await tx.insert(supervisionGroups).values({
    schoolId, name: 'Science Supervision Group', leaderId: input.leaderId, scope: 'departments', realtimePatrol: true,
    description: 'Listens to classes of the College of Science.',
  }).returning({ id: supervisionGroups.id });
  const [g2] = await tx.insert(supervisionGroups).values({
    schoolId, name: 'School Teaching Inspection Group', leaderId: input.leaderId, scope: 'school', realtimePatrol: false,
    description: 'School-wide teaching inspection.',
  }).returning({ id: supervisionGroups.id });
  await tx.insert(supervisionGroupMembers).values([
    { schoolId, groupId: g1!.id, accountId: input.leaderId },
    { schoolId, groupId: g1!.id, accountId: input.supervisorId },
    { schoolId, groupId: g2!.id, accountId: input.leaderId },
    { schoolId, groupId: g2!.id, accountId: input.supervisorId },
  ]);
  const science = colleges.find((c) => c.name === 'College of Science');
  if (science) await tx.insert(supervisionGroupUnits).values({ schoolId, groupId: g1!.id, orgUnitId: science.id });
  await tx.update(schoolMemberships).set({ realtimePatrol: true })
    .where(and(eq(schoolMemberships.schoolId, schoolId), sql`${schoolMemberships.accountId} in (${input.leaderId}, ${input.supervisorId})`));

  const [task] = await tx.insert(assignmentTasks).values({
    schoolId, name: 'Semester supervision round', semesterId, startDate: semesterStart,
    endDate: addDays(semesterStart, scale.weeks * 7 - 1), minClasses: 8,
    description: 'Each supervisor attends at least eight classes of the teachers and courses assigned.',
  }).returning({ id: assignmentTasks.id });
  const other = courseRows.find((c) => c.teacherId !== input.demoTeacherId) ?? courseRows[0]!;
  await tx.insert(assignments).values([
    { schoolId, taskId: task!.id, supervisorId: input.supervisorId, kind: 'teacher', teacherId: input.demoTeacherId },
    { schoolId, taskId: task!.id, supervisorId: input.supervisorId, kind: 'course', courseId: other.id },
    { schoolId, taskId: task!.id, supervisorId: input.leaderId, kind: 'teacher', teacherId: teachers[1]?.id ?? input.demoTeacherId },
  ]);

  return {
    semesterId,
    semesterStart,
    collegeIds: colleges.map((c) => c.id),
    departmentIds: departments.map((d) => d.id),
    teachers: teachers.slice(1).map(({ id, account }) => ({ id, account })),
    buildingIds,
    classrooms: rooms,
    courses: courseRows,
    groupIds: [g1!.id, g2!.id],
    taskId: task!.id,
  };
}
