/** The evaluation a draft saves to: one that exists, or one the first save of a blank form creates. */
export type DraftTarget = { evaluationId: string } | { localId: string; create: () => Promise<string> };

/**
 * The id of the evaluation a form saves to. A blank form's evaluation is created by the first save
 * that asks, once however many ask meanwhile; a failed creation is tried again by the next save.
 * Plain object (no React), so its timing is tested directly.
 */
export class EvaluationSlot {
  private known: string | null;
  private creating: Promise<string> | null = null;

  constructor(
    private readonly target: DraftTarget,
    /** Told once the blank form's evaluation exists: its local id, the new id. */
    private readonly onCreated: (localId: string, evaluationId: string) => void = () => undefined,
  ) {
    this.known = 'evaluationId' in target ? target.evaluationId : null;
  }

  /** Whether the evaluation exists (is not only a blank form). */
  get exists(): boolean {
    return this.known !== null;
  }

  /** Under which id this browser keeps its copy: the evaluation's, or the blank form's until it exists. */
  get localId(): string {
    return this.known ?? ('localId' in this.target ? this.target.localId : '');
  }

  id(): Promise<string> {
    if (this.known !== null) return Promise.resolve(this.known);
    if (!this.creating && 'create' in this.target) {
      const { localId } = this.target;
      this.creating = this.target.create().then(
        (id) => {
          this.known = id;
          this.onCreated(localId, id);
          return id;
        },
        (e: unknown) => {
          this.creating = null;
          throw e;
        },
      );
    }
    return this.creating ?? Promise.reject(new Error('no evaluation to save to'));
  }
}
