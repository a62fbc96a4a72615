import type { Translation } from '../../message';
import type { approvals as en } from '../en/approvals';

/** Die Freigabeansicht für zweite freigebende Personen. */
export const approvals: Translation<typeof en> = {
  title: 'Wartet auf Ihre Freigabe',
  'list.label': 'Aufrufe, die auf Sie warten',
  'list.loading': 'Ihre Websites werden gefragt …',
  'list.empty': 'Nichts wartet auf Ihre Freigabe.',
  'together.hint': 'Wählen Sie zwei oder mehr aus, um gemeinsam zu entscheiden.',
  'together.choose': 'Gemeinsam entscheiden: {tool}',
  'together.reading': 'Lese die {count} ausgewählten Aufrufe …',
  'together.intro':
    '{count} Aufrufe, gemeinsam zu entscheiden. Jeder zeigt, was er ändern würde; kreuzen Sie an, was Sie genehmigen. Die anderen werden abgelehnt, mit Ihrer Notiz.',
  'together.heading': 'Ebenfalls ausgewählt',
  'together.closed':
    '„{tool}“ wurde inzwischen entschieden, zurückgezogen oder ist abgelaufen; er bleibt außen vor.',
  requestedBy: 'Angefordert von {name}',
  'open.notWaiting':
    'Dieser Aufruf wartet nicht auf Sie: Jemand hat ihn vielleicht schon entschieden, die anfordernde Person hat ihn zurückgezogen, oder zum Freigeben fehlt Ihrem Konto eine Berechtigung.',
  'open.opening': 'Der Aufruf wird geöffnet …',
  withheld:
    'Sie dürfen diesen Eintrag nicht lesen; seine aktuellen Werte und die Vorschau werden daher nicht gezeigt.',
  'status.approved':
    'Freigegeben von {name}. Der Browser der anfordernden Person führt ihn aus oder verwirft ihn.',
  'status.rejected':
    'Abgelehnt von {name}. Der Browser der anfordernden Person führt ihn aus oder verwirft ihn.',
  'status.someone': 'jemandem',
  'status.cannotDecide':
    'Sie können diesen Aufruf nicht entscheiden: Sie haben ihn selbst angefordert, oder Ihnen fehlt die nötige Berechtigung.',
  'status.expired':
    'Dieser Aufruf ist abgelaufen, bevor jemand entschieden hat; er wurde nicht ausgeführt.',
  'status.withdrawn':
    'Die anfordernde Person hat diesen Aufruf zurückgezogen; er wird nicht ausgeführt.',
  'card.reason': 'Die Website verlangt, dass eine zweite Person diesen Aufruf freigibt.',
  'card.unreadable':
    'Die Kartendaten der Website konnten nicht gelesen werden; nur das Werkzeug wird gezeigt.',
};
