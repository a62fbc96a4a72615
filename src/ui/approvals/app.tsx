import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  ApprovalsPushSchema,
  type ApprovalsPush,
  type ApprovalsRequest,
  type ApprovalSummary,
} from '../../shared/protocols/approvals-protocol';
import { t } from '../../i18n';
import { ApprovalCard } from '../cards/approval-card';
import { toApprovalCard } from './to-card';
import { ApprovalsList } from './list';
import { TogetherView, type TogetherDecision } from './together';

type CardPush = Extract<ApprovalsPush, { type: 'card' }>;

/**
 * How often an open view asks again while it is shown: a call withdrawn, decided by someone
 * else, expired or refreshed since (the site holds the truth) shows as it is now.
 */
const REFRESH_MS = 8_000;
type Selected = { siteRoot: string; userId?: string; id: string };

/** The call the view was opened on (a notification click): `#site=…&id=…`. */
function fromHash(): Selected | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const site = params.get('site');
  const id = params.get('id');
  return site && id ? { siteRoot: site, id } : null;
}

/**
 * G15: the approvals view. Lists every call waiting for this person on the sites of their
 * open admin tabs, and shows one with the panel's card (diff, preview or "withheld",
 * "requested by") and Approve/Reject, decided on the site as this person.
 */
export function ApprovalsApp() {
  const port = useMemo(() => chrome.runtime.connect({ name: 'approvals' }), []);
  const [items, setItems] = useState<ApprovalSummary[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [selected, setSelected] = useState<Selected | null>(fromHash);
  const [card, setCard] = useState<CardPush | null>(null);
  // Issue 36: every card read, by id, and the calls ticked to decide together.
  const [cards, setCards] = useState<Record<string, CardPush>>({});
  const [together, setTogether] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // After a refused decision the card is read again (it may be withdrawn or expired now);
  // the refusal stays shown beside it.
  const rereading = useRef(false);
  const send = (request: ApprovalsRequest) => port.postMessage(request);

  useEffect(() => {
    port.onMessage.addListener((raw: unknown) => {
      const push = ApprovalsPushSchema.safeParse(raw);
      if (!push.success) return;
      const p = push.data;
      if (p.type === 'list') {
        setItems(p.items);
        setProblems(p.problems);
      } else if (p.type === 'card') {
        setCard(p);
        setCards((known) => ({ ...known, [p.id]: p }));
        setSending(false);
        if (!rereading.current) setError(null);
        rereading.current = false;
      } else {
        setError(p.message);
        setSending(false);
        if (p.id && opened.current) {
          rereading.current = true;
          send({ type: 'read', target: opened.current, id: p.id });
        }
      }
    });
    send({ type: 'list' });
  }, [port]);

  // The notification names the site and id; the list names the account there.
  const target = selected && items?.find((i) => i.id === selected.id)?.target;
  const openedNow =
    selected &&
    (target ?? (selected.userId ? { siteRoot: selected.siteRoot, userId: selected.userId } : null));
  const opened = useRef<typeof target>(undefined);
  useEffect(() => {
    if (openedNow) opened.current = openedNow;
    if (openedNow && selected) send({ type: 'read', target: openedNow, id: selected.id });
  }, [openedNow?.siteRoot, openedNow?.userId, selected?.id]);

  // Asked again while shown (and at once when the person comes back to it), never while a
  // decision is on its way.
  const now = useRef({ selected, sending });
  now.current = { selected, sending };
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible' || now.current.sending) return;
      send({ type: 'list' });
      const id = now.current.selected?.id;
      if (id && opened.current) send({ type: 'read', target: opened.current, id });
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [port]);

  const chosen = (items ?? []).filter((item) => together.includes(item.id));
  useEffect(() => {
    for (const item of chosen) send({ type: 'read', target: item.target, id: item.id });
  }, [together.join(' ')]);
  const decideTogether = (decisions: TogetherDecision[]) => {
    setSending(true);
    for (const d of decisions) {
      send({
        type: 'decide',
        target: d.item.target,
        id: d.item.id,
        approve: d.approve,
        payloadHash: d.payloadHash,
        stamp: d.stamp,
        ...(d.note ? { note: d.note } : {}),
      });
    }
  };

  const shown = card && selected && card.id === selected.id ? card : null;
  return (
    <main class="approvals">
      <h1>{t('approvals.title')}</h1>
      {problems.map((p) => (
        <p class="banner warning" role="alert">
          {p}
        </p>
      ))}
      <div class="approvals-layout">
        <ApprovalsList
          items={items}
          selectedId={selected?.id}
          together={together}
          onOpen={(item) => {
            setTogether([]);
            setSelected({ ...item.target, id: item.id });
          }}
          onTogether={(id, on) =>
            setTogether((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)))
          }
        />
        <section aria-live="polite">
          {error && (
            <p class="banner error" role="alert" data-testid="approvals-error">
              {error}
            </p>
          )}
          {chosen.length > 1 && (
            <TogetherView
              chosen={chosen}
              cards={cards}
              sending={sending}
              onDecide={decideTogether}
            />
          )}
          {chosen.length < 2 && shown && (
            <Shown
              push={shown}
              sending={sending}
              onDecide={(d) => {
                if (!openedNow) return;
                setSending(true);
                send({
                  type: 'decide',
                  target: openedNow,
                  id: shown.id,
                  approve: d.approve,
                  note: d.note,
                  payloadHash: d.payloadHash,
                  stamp: d.targetModified,
                });
              }}
            />
          )}
          {chosen.length < 2 && !shown && selected && !error && (
            <p role="status" data-testid="approval-opening">
              {items !== null && !openedNow
                ? t('approvals.open.notWaiting')
                : t('approvals.open.opening')}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}

interface ShownProps {
  push: CardPush;
  sending: boolean;
  onDecide(d: {
    approve: boolean;
    note?: string;
    payloadHash: string;
    targetModified: string | null;
  }): void;
}

function Shown({ push, sending, onDecide }: ShownProps) {
  const card = toApprovalCard(push);
  const origin = (() => {
    try {
      return [new URL(push.target.siteRoot).origin];
    } catch {
      return [];
    }
  })();
  return (
    <div data-testid="approval-view">
      <p class="requested-by" data-testid="requested-by">
        {t('approvals.requestedBy', { name: push.requester })}
      </p>
      {push.withheld && (
        <p class="banner warning" data-testid="withheld">
          {t('approvals.withheld')}
        </p>
      )}
      {push.canDecide && push.status === 'waiting' ? (
        <ApprovalCard card={card} sending={sending} imageOrigins={origin} onDecide={onDecide} />
      ) : (
        <p class="banner" role="status" data-testid="approval-status">
          {push.status === 'approved' || push.status === 'rejected'
            ? t(
                push.status === 'approved'
                  ? 'approvals.status.approved'
                  : 'approvals.status.rejected',
                {
                  name: push.decidedBy ?? t('approvals.status.someone'),
                },
              )
            : push.status === 'waiting'
              ? t('approvals.status.cannotDecide')
              : push.status === 'expired'
                ? t('approvals.status.expired')
                : t('approvals.status.withdrawn')}
        </p>
      )}
    </div>
  );
}
