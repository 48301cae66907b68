/**
 * One speaker per room at a time (spec section 8: "a remote call is already in progress"). The floor
 * of a room is taken synchronously, so of two speakers asking at once exactly one gets it. In-process:
 * one node holds every speaker socket (docs/operations.md says what several nodes would need).
 */
export type FloorHolder = { id: string; name: string };

export class SpeakerFloor {
  private readonly held = new Map<string, FloorHolder>();

  /** Takes the room's floor for `holder`; false when someone else holds it. */
  take(room: string, holder: FloorHolder): boolean {
    const current = this.held.get(room);
    if (current && current.id !== holder.id) return false;
    this.held.set(room, holder);
    return true;
  }

  /** Gives the floor back; only its holder can. */
  release(room: string, holderId: string): boolean {
    if (this.held.get(room)?.id !== holderId) return false;
    this.held.delete(room);
    return true;
  }

  holder(room: string): FloorHolder | undefined {
    return this.held.get(room);
  }
}
