import { memo } from 'react';
import { MonitorCardView, type MonitorCardViewProps } from './MonitorCardView';

/** How many cards one chunk holds: React's work to reach one card is about two chunks' worth. */
export const CARDS_PER_CHUNK = 10;

/** Props of {@link MonitorCardChunk}: a run of cards and what every card of the page shares. */
export interface MonitorCardChunkProps extends Omit<MonitorCardViewProps, 'card'> {
  readonly cards: readonly MonitorCardViewProps['card'][];
}

const Card = memo(MonitorCardView);

/** Equal when the same cards (by object) and the same shared props: the chunk is skipped. */
function sameChunk(a: MonitorCardChunkProps, b: MonitorCardChunkProps): boolean {
  return (
    a.cards.length === b.cards.length &&
    a.cards.every((card, i) => card === b.cards[i]) &&
    a.theme === b.theme &&
    a.format === b.format &&
    a.landCells === b.landCells &&
    a.onOpen === b.onOpen &&
    a.onRemove === b.onRemove
  );
}

/**
 * {@link CARDS_PER_CHUNK} consecutive cards of the monitor's grid, as a fragment (the grid's `li`s
 * stay the `ul`'s children). Why chunks: every React render that reaches one card walks the children
 * of each element on the way, so a flat list of 100 cards costs 100 steps per render, twice a second
 * per card at 1 Hz; in chunks of 10 it costs about 20 (docs/monitor.md "Cost per frame").
 */
export const MonitorCardChunk = memo(function MonitorCardChunk({
  cards,
  ...shared
}: MonitorCardChunkProps) {
  return (
    <>
      {cards.map((card) => (
        <Card key={card.ShareToken} card={card} {...shared} />
      ))}
    </>
  );
}, sameChunk);
