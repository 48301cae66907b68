import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser-test files share the two workers with the unit and API files instead of running one at a
 * time after them (Vitest puts projects without file parallelism in a trailing group of their own,
 * which made the suite the sum of the two). The order alternates a browser file with another file,
 * longest first by Vitest's own ordering (its cache of durations, else file size), so mostly one
 * worker runs a browser and the other the rest: a browser test does not compete with another one
 * for the two cores until the other files are done.
 */
export class AlternatingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    const rest = sorted.filter((f) => f.project.name !== 'e2e');
    const out: TestSpecification[] = [];
    for (let i = 0; i < Math.max(browser.length, rest.length); i++) {
      if (browser[i]) out.push(browser[i]!);
      if (rest[i]) out.push(rest[i]!);
    }
    return out;
  }
}
