import { t } from '../../../i18n';
import type { ThreadItem as Item } from '../../../shared/protocols/thread-protocol';
import type { Choice } from '../../cards/approval-actions';
import type { AmendInput } from './thread-model';
import { BatchSummary, type SummaryRow } from './batch-summary';
import { useCards } from '../../cards/lazy-cards';
import { pure } from '../../pure';
import { AssistantText, ThinkingItem, UserMessage } from './message-items';
import { LinksItem, NoticeItem, ToolRow } from './small-items';

/** What every item may need; the object is stable so unchanged items skip re-rendering. */
export interface ItemEnv {
  adminUrl?: string;
  imageOrigins: string[];
  decide(
    decision: Choice & { recordId: string; payloadHash: string; targetModified: string | null },
  ): void;
  /** Issue 36: the person's version of a card's text fields (null: the proposal again). */
  amend?(input: AmendInput): void;
  /** `checkedAt`: the card's last "changed since" check, so the request settles on a newer one. */
  publish(recordId: string, checkedAt?: number): void;
  /** E4: asks for an undo of the write this result card shows. */
  undo?(recordId: string): void;
  /** R1: replaces the person's message `itemId`; what followed it is dropped. */
  edit?(itemId: string, text: string): void;
}

interface Props {
  item: Item;
  env: ItemEnv;
  /** The record id of the call waiting for a decision (G6), if any. */
  pending: string | null;
  /** A decision or publish for this item is on its way. */
  sending: boolean;
  /** Why the person's messages cannot be edited now, if they cannot (busy, or a call waits). */
  locked?: string;
  /** Issue 36 item 4: for a decided batch card, what became of each of its calls. */
  summary?: SummaryRow[] | null;
}

/** One thread item, by kind. Re-renders only when its own props change. */
export const ThreadItem = pure(function ThreadItem({
  item,
  env,
  pending,
  sending,
  locked,
  summary,
}: Props) {
  switch (item.kind) {
    case 'user': {
      const edit = env.edit;
      return (
        <UserMessage
          text={item.text}
          locked={locked}
          onEdit={edit && ((text) => edit(item.id, text))}
        />
      );
    }
    case 'assistant':
      return (
        <AssistantText text={item.text} incomplete={item.incomplete} adminUrl={env.adminUrl} />
      );
    case 'thinking':
      return <ThinkingItem text={item.text} />;
    case 'tool':
      return <ToolRow item={item} />;
    case 'notice':
      return <NoticeItem item={item} />;
    case 'links':
      return <LinksItem item={item} adminUrl={env.adminUrl} />;
    case 'result':
    case 'approval':
      return (
        <CardItem item={item} env={env} pending={pending} sending={sending} summary={summary} />
      );
  }
});

function CardItem({ item, env, pending, sending, summary }: Props) {
  const cards = useCards();
  if (!cards) {
    return (
      <p class="card card-loading muted small" aria-busy="true">
        <span class="spinner" aria-hidden="true" /> {t('panel.thread.loadingCard')}
      </p>
    );
  }
  const { ApprovalCard, DecidedCard, ResultCard } = cards;
  switch (item.kind) {
    case 'result':
      return (
        <ResultCard
          card={item.card}
          publishing={sending}
          imageOrigins={env.imageOrigins}
          onPublish={env.publish}
          onUndo={env.undo}
        />
      );
    case 'approval': {
      const decided = item.decided ?? (pending === item.card.recordId ? undefined : 'stale');
      if (decided)
        return (
          <>
            <DecidedCard card={item.card} decided={decided} imageOrigins={env.imageOrigins} />
            {summary && <BatchSummary rows={summary} card={item.card} onUndo={env.undo} />}
          </>
        );
      return (
        <ApprovalCard
          card={item.card}
          sending={sending}
          imageOrigins={env.imageOrigins}
          onDecide={env.decide}
          onAmend={env.amend}
        />
      );
    }
    default:
      return null;
  }
}
