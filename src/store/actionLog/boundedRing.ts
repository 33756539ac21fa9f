/**
 * A first-in first-out buffer bounded twice (issue 6 item 4 "bounded ring"): at most `capacity` items
 * and at most `maxWeight` total weight; pushing past either bound drops the oldest items. The newest
 * item is always kept, even when it alone outweighs the bound. Push is amortized O(1); `items()` is
 * O(n), oldest first.
 */
export class BoundedRing<T> {
  private readonly slots: (T | undefined)[];
  private readonly weights: number[];
  private head = 0;
  private count = 0;
  private total = 0;
  private droppedCount = 0;

  /**
   * @param capacity most items kept (an integer ≥ 1)
   * @param maxWeight most total weight kept (> 0; Infinity: no weight bound)
   * @throws RangeError for a capacity or weight bound out of range
   */
  constructor(
    readonly capacity: number,
    readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`BoundedRing: capacity ${capacity} is not an integer ≥ 1`);
    }
    if (!(maxWeight > 0)) throw new RangeError(`BoundedRing: maxWeight ${maxWeight} is not > 0`);
    this.slots = new Array<T | undefined>(capacity);
    this.weights = new Array<number>(capacity).fill(0);
  }

  /** Items held now. */
  get size(): number {
    return this.count;
  }

  /** Items dropped so far to keep within the bounds. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Total weight held now. */
  get weight(): number {
    return this.total;
  }

  /** Adds `item` of `weight` (≥ 0) as the newest, dropping the oldest items past either bound. */
  push(item: T, weight = 1): void {
    while (
      this.count > 0 &&
      (this.count === this.capacity || this.total + weight > this.maxWeight)
    ) {
      this.dropOldest();
    }
    const index = (this.head + this.count) % this.capacity;
    this.slots[index] = item;
    this.weights[index] = weight;
    this.count += 1;
    this.total += weight;
  }

  /** The items held, oldest first (a new array). */
  items(): T[] {
    const items: T[] = [];
    for (let i = 0; i < this.count; i += 1) {
      items.push(this.slots[(this.head + i) % this.capacity] as T);
    }
    return items;
  }

  private dropOldest(): void {
    this.total -= this.weights[this.head] ?? 0;
    this.slots[this.head] = undefined;
    this.weights[this.head] = 0;
    this.head = (this.head + 1) % this.capacity;
    this.count -= 1;
    this.droppedCount += 1;
  }
}
