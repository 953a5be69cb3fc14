/** One bookable time: start and end instants as ISO strings (GET /api/time-slots, or computed for a preview). */
export interface TimeSlot {
  start: string;
  end: string;
}
