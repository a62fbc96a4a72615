<?php
// npm run pot: the companion plugin's translations (issue 37 item 3), with no network and no
// wp-cli. Reads every gettext call of server/wordpress/countersign with PHP's own tokenizer
// (msgid, plural, context, translator comment, file:line) and
//   1. writes languages/countersign.pot;
//   2. brings each languages/countersign-<locale>.po up to it (new strings added untranslated,
//      strings no longer in the sources dropped, translations kept);
//   3. compiles each .po into its .mo (GNU format, no hash table; the same bytes as
//      `msgfmt --no-hash`).
// `--plugin=DIR` works on another copy of the plugin.
// `php scripts/make-pot.php --check` writes nothing and fails (exit 1, saying what) when the
// .pot, a .po or a .mo is not what the sources make (line references aside), when a string is left untranslated, when
// a translation drops or adds a placeholder, or when a string with placeholders has no
// translators comment. tests/unit/plugin-translations.test.ts runs it. docs/server.md says
// how to add a language.
declare(strict_types=1);

const DOMAIN = 'countersign';
// Function => the role of each argument (s: singular, p: plural, c: context, n: number, d: domain).
const KEYWORDS = [
    '__' => 'sd', '_e' => 'sd', 'esc_html__' => 'sd', 'esc_html_e' => 'sd', 'esc_attr__' => 'sd',
    'esc_attr_e' => 'sd', '_x' => 'scd', '_ex' => 'scd', 'esc_html_x' => 'scd', 'esc_attr_x' => 'scd',
    '_n' => 'spnd', '_nx' => 'spncd', '_n_noop' => 'spd', '_nx_noop' => 'spcd',
];

$root = dirname(__DIR__);
$plugin = "$root/server/wordpress/countersign";
foreach ($argv as $arg) {
    if (str_starts_with($arg, '--plugin=')) {
        $plugin = rtrim(substr($arg, 9), '/'); // Another copy of the plugin (the unit test's).
    }
}
$languages = "$plugin/languages";
$check = in_array('--check', $argv, true);
$problems = [];

/** The value of a PHP string literal token. */
function literal(string $token): string
{
    if ($token[0] === "'") {
        return strtr(substr($token, 1, -1), ["\\\\" => "\\", "\\'" => "'"]);
    }
    return stripcslashes(substr($token, 1, -1));
}

/** The header fields of the plugin's main file. */
function plugin_header(string $file): array
{
    preg_match_all('/^\s*\*\s*([A-Za-z ]+):\s*(.+)$/m', (string) file_get_contents($file), $m, PREG_SET_ORDER);
    $out = [];
    foreach ($m as $field) {
        $out[trim($field[1])] = trim($field[2]);
    }
    return $out;
}

/**
 * Every translatable string of one PHP file: key => entry.
 *
 * @return array<int, array{ctx: ?string, id: string, plural: ?string, comment: ?string, ref: string}>
 */
function extract_file(string $path, string $relative, array &$problems): array
{
    $tokens = token_get_all((string) file_get_contents($path));
    $found = [];
    $comment = null;
    $count = count($tokens);
    for ($i = 0; $i < $count; $i++) {
        $t = $tokens[$i];
        if (is_array($t) && ($t[0] === T_COMMENT || $t[0] === T_DOC_COMMENT)) {
            $text = trim(preg_replace('#^/\*+|\*+/$|^//#', '', $t[1]));
            if (preg_match('/^translators:/i', $text)) {
                $comment = preg_replace('/\s*\n\s*\*?\s*/', ' ', $text);
            }
            continue;
        }
        if ($t === ';' || $t === '{' || $t === '}') {
            $comment = null; // A translators comment speaks of the call in its own statement.
            continue;
        }
        if (!is_array($t) || $t[0] !== T_STRING || !isset(KEYWORDS[$t[1]])) {
            continue;
        }
        $j = $i + 1;
        while ($j < $count && is_array($tokens[$j]) && $tokens[$j][0] === T_WHITESPACE) {
            $j++;
        }
        $prev = $i - 1;
        while ($prev >= 0 && is_array($tokens[$prev]) && in_array($tokens[$prev][0], [T_WHITESPACE, T_COMMENT], true)) {
            $prev--;
        }
        $isMethod = $prev >= 0 && is_array($tokens[$prev]) && in_array($tokens[$prev][0], [T_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION], true);
        if ($j >= $count || $tokens[$j] !== '(' || $isMethod) {
            continue;
        }
        // The arguments: each must be string literals (joined by .), read up to the closing ).
        $args = [];
        $current = [];
        $depth = 0;
        for ($k = $j + 1; $k < $count; $k++) {
            $a = $tokens[$k];
            if ($a === '(' || $a === '[') {
                $depth++;
            } elseif (($a === ')' || $a === ']') && $depth > 0) {
                $depth--;
            } elseif ($a === ')' || ($a === ',' && $depth === 0)) {
                $args[] = $current;
                $current = [];
                if ($a === ')') {
                    break;
                }
                continue;
            }
            if (is_array($a) && in_array($a[0], [T_WHITESPACE, T_COMMENT], true)) {
                continue;
            }
            $current[] = $a;
        }
        $line = $t[2];
        $where = "$relative:$line";
        $roles = KEYWORDS[$t[1]];
        $values = [];
        foreach (str_split($roles) as $n => $role) {
            if ($role === 'n') {
                continue;
            }
            $parts = $args[$n] ?? [];
            $value = '';
            $ok = $parts !== [];
            foreach ($parts as $p => $part) {
                if ($p % 2 === 0 && is_array($part) && $part[0] === T_CONSTANT_ENCAPSED_STRING) {
                    $value .= literal($part[1]);
                } elseif ($p % 2 === 1 && $part === '.') {
                    continue;
                } else {
                    $ok = false;
                }
            }
            if (!$ok) {
                $problems[] = "$where: {$t[1]}() argument " . ($n + 1) . ' is not a string literal (the extractor and translators cannot read it)';
                continue 2;
            }
            $values[$role] = $value;
        }
        if (($values['d'] ?? '') !== DOMAIN) {
            $problems[] = "$where: {$t[1]}() uses the text domain '" . ($values['d'] ?? '') . "', not '" . DOMAIN . "'";
            continue;
        }
        if ($comment === null && preg_match('/%(\d+\$)?[sd]/', $values['s'] . ($values['p'] ?? ''))) {
            $problems[] = "$where: \"{$values['s']}\" has placeholders but no /* translators: ... */ comment";
        }
        $found[] = ['ctx' => $values['c'] ?? null, 'id' => $values['s'], 'plural' => $values['p'] ?? null, 'comment' => $comment, 'ref' => $where];
        $comment = null;
    }
    return $found;
}

/** A string as a PO line's quoted value (long strings are not wrapped: diffs stay line-per-string). */
function po_quote(string $s): string
{
    return '"' . strtr($s, ["\\" => "\\\\", '"' => '\\"', "\n" => '\\n', "\t" => '\\t']) . '"';
}

/** The placeholders of a string, sorted (a translation must keep the same ones). */
function placeholders(string $s): array
{
    preg_match_all('/%(?:\d+\$)?[sdf]/', $s, $m);
    $list = $m[0];
    // %s and %1$s are the same placeholder when a string has only one.
    if (count($list) === 1) {
        $list = [preg_replace('/\d+\$/', '', $list[0])];
    }
    sort($list);
    return $list;
}

/**
 * Parses a .po file: [header msgstr, entries keyed by ctx\x04id].
 *
 * @return array{0: string, 1: array<string, array>}
 */
function parse_po(string $text): array
{
    $entries = [];
    $header = '';
    foreach (preg_split('/\n\s*\n/', trim($text)) as $block) {
        $e = ['ctx' => null, 'id' => null, 'plural' => null, 'str' => [], 'fuzzy' => false];
        $field = null;
        foreach (explode("\n", $block) as $line) {
            if (str_starts_with($line, '#,') && str_contains($line, 'fuzzy')) {
                $e['fuzzy'] = true;
            }
            if ($line === '' || $line[0] === '#') {
                continue;
            }
            if (preg_match('/^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/', $line, $m)) {
                $field = $m[1] === 'msgctxt' ? 'ctx' : ($m[1] === 'msgid' ? 'id' : ($m[1] === 'msgid_plural' ? 'plural' : 'str' . ($m[2] !== '' ? $m[2] : '0')));
                $value = stripcslashes(substr($m[3], 1, -1));
            } elseif ($line[0] === '"' && $field !== null) {
                $value = stripcslashes(substr($line, 1, -1));
            } else {
                throw new RuntimeException("cannot read the .po line: $line");
            }
            if (str_starts_with($field, 'str')) {
                $n = (int) substr($field, 3);
                $e['str'][$n] = ($line[0] === '"' ? $e['str'][$n] : '') . $value;
            } else {
                $e[$field] = ($line[0] === '"' ? $e[$field] : '') . $value;
            }
        }
        if ($e['id'] === null) {
            continue;
        }
        if ($e['id'] === '' && $e['ctx'] === null) {
            $header = $e['str'][0] ?? '';
            continue;
        }
        $entries[($e['ctx'] === null ? '' : $e['ctx'] . "\x04") . $e['id']] = $e;
    }
    return [$header, $entries];
}

/** A .mo file (GNU format, little-endian, no hash table) of a header and entries. */
function compile_mo(string $header, array $entries): string
{
    $pairs = ['' => $header];
    foreach ($entries as $key => $e) {
        $strings = $e['plural'] === null ? [$e['str'][0] ?? ''] : array_values($e['str']);
        if ($e['fuzzy'] || in_array('', $strings, true)) {
            continue; // Untranslated or fuzzy: WordPress shows the English.
        }
        $pairs[$key . ($e['plural'] === null ? '' : "\0" . $e['plural'])] = implode("\0", $strings);
    }
    ksort($pairs, SORT_STRING);
    $n = count($pairs);
    $originals = '';
    $translations = '';
    $oTable = '';
    $tTable = '';
    $start = 28 + 16 * $n;
    foreach ($pairs as $key => $value) {
        $oTable .= pack('VV', strlen((string) $key), $start + strlen($originals));
        $originals .= $key . "\0";
    }
    $start += strlen($originals);
    foreach ($pairs as $value) {
        $tTable .= pack('VV', strlen($value), $start + strlen($translations));
        $translations .= $value . "\0";
    }
    return pack('V7', 0x950412de, 0, $n, 28, 28 + 8 * $n, 0, 28 + 16 * $n) . $oTable . $tTable . $originals . $translations;
}

// 1. Extract.
$files = [];
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($plugin, FilesystemIterator::SKIP_DOTS)) as $file) {
    if (str_ends_with($file->getFilename(), '.php')) {
        $files[] = substr($file->getPathname(), strlen($plugin) + 1);
    }
}
usort($files, fn ($a, $b) => [substr_count($a, '/'), $a] <=> [substr_count($b, '/'), $b]);
$pot = [];
foreach ($files as $relative) {
    foreach (extract_file("$plugin/$relative", $relative, $problems) as $e) {
        $key = ($e['ctx'] === null ? '' : $e['ctx'] . "\x04") . $e['id'];
        if (!isset($pot[$key])) {
            $pot[$key] = $e + ['refs' => [], 'comments' => []];
        } elseif ($pot[$key]['plural'] !== $e['plural']) {
            $problems[] = "{$e['ref']}: \"{$e['id']}\" is used with two different plurals";
        }
        $pot[$key]['refs'][] = $e['ref'];
        if ($e['comment'] !== null && !in_array($e['comment'], $pot[$key]['comments'], true)) {
            $pot[$key]['comments'][] = $e['comment'];
        }
    }
}
$meta = plugin_header("$plugin/countersign.php");
// The header fields WordPress translates on the Plugins screen (get_plugin_data()).
foreach (array_reverse(['Plugin Name' => 'Plugin Name of the plugin', 'Description' => 'Description of the plugin', 'Author' => 'Author of the plugin']) as $field => $comment) {
    if (isset($meta[$field]) && !isset($pot[$meta[$field]])) {
        $pot = [$meta[$field] => ['ctx' => null, 'id' => $meta[$field], 'plural' => null, 'refs' => ['countersign.php'], 'comments' => [$comment]]] + $pot;
    }
}
$headerBase = [
    'Project-Id-Version' => 'Countersign ' . ($meta['Version'] ?? ''),
    'Report-Msgid-Bugs-To' => 'https://github.com/countersign/countersign/issues',
    'MIME-Version' => '1.0',
    'Content-Type' => 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding' => '8bit',
    'X-Domain' => DOMAIN,
];

/** The body of a .pot or .po: one block per string, in the order the sources use them. */
function po_body(array $pot, ?array $translated): string
{
    $out = '';
    foreach ($pot as $key => $e) {
        $out .= "\n";
        foreach ($e['comments'] as $c) {
            $out .= "#. $c\n";
        }
        $out .= '#: ' . implode(' ', $e['refs']) . "\n";
        if (preg_match('/%(\d+\$)?[sdf]/', $e['id'] . ($e['plural'] ?? ''))) {
            $out .= "#, php-format\n";
        }
        if ($e['ctx'] !== null) {
            $out .= 'msgctxt ' . po_quote($e['ctx']) . "\n";
        }
        $out .= 'msgid ' . po_quote($e['id']) . "\n";
        $str = $translated[$key]['str'] ?? [];
        if ($e['plural'] !== null) {
            $out .= 'msgid_plural ' . po_quote($e['plural']) . "\n";
            $out .= 'msgstr[0] ' . po_quote($str[0] ?? '') . "\n" . 'msgstr[1] ' . po_quote($str[1] ?? '') . "\n";
        } else {
            $out .= 'msgstr ' . po_quote($str[0] ?? '') . "\n";
        }
    }
    return $out;
}

/** A PO header block. */
function po_header(array $fields, string $comment): string
{
    $out = $comment . "msgid \"\"\nmsgstr \"\"\n";
    foreach ($fields as $k => $v) {
        $out .= po_quote("$k: $v\n") . "\n";
    }
    return $out;
}

$outputs = [];
$potText = po_header($headerBase + ['Language' => '', 'Plural-Forms' => 'nplurals=INTEGER; plural=EXPRESSION;'], "# Countersign, the strings of the companion WordPress plugin.\n# Made by scripts/make-pot.php (npm run pot) from the sources: do not edit by hand.\n") . po_body($pot, null);
$outputs["$languages/" . DOMAIN . '.pot'] = $potText;

// 2. and 3. Each language: its .po brought up to the .pot, and its .mo.
foreach (glob("$languages/" . DOMAIN . '-*.po') ?: [] as $poFile) {
    $locale = substr(basename($poFile, '.po'), strlen(DOMAIN) + 1);
    [$header, $entries] = parse_po((string) file_get_contents($poFile));
    $fields = [];
    foreach (explode("\n", trim($header)) as $line) {
        if (str_contains($line, ':')) {
            [$k, $v] = explode(':', $line, 2);
            $fields[trim($k)] = trim($v);
        }
    }
    if (!isset($fields['Plural-Forms'])) {
        $problems[] = basename($poFile) . ': its header has no Plural-Forms';
    }
    $poFields = $headerBase + ['Language' => $locale, 'Plural-Forms' => $fields['Plural-Forms'] ?? 'nplurals=2; plural=(n != 1);'];
    if (isset($fields['Language-Team'])) {
        $poFields['Language-Team'] = $fields['Language-Team'];
    }
    foreach ($pot as $key => $e) {
        $str = $entries[$key]['str'] ?? [];
        $wanted = $e['plural'] === null ? 1 : 2;
        if (count(array_filter($str, fn ($s) => $s !== '')) < $wanted || ($entries[$key]['fuzzy'] ?? false)) {
            $problems[] = basename($poFile) . ": \"{$e['id']}\" is not translated";
            continue;
        }
        foreach ($str as $s) {
            if (placeholders($s) !== placeholders($e['plural'] === null ? $e['id'] : $e['plural']) && placeholders($s) !== placeholders($e['id'])) {
                $list = fn ($p) => $p ? implode(' ', $p) : 'none';
                $problems[] = basename($poFile) . ": the translation of \"{$e['id']}\" has the placeholders " . $list(placeholders($s)) . ', the original ' . $list(placeholders($e['id']));
            }
        }
    }
    $kept = array_intersect_key($entries, $pot);
    $comment = "# Countersign, $locale. The translations are edited here; the rest of each block comes\n# from the sources (npm run pot brings it up to date and compiles the .mo).\n";
    $outputs[$poFile] = po_header($poFields, $comment) . po_body($pot, $kept);
    $moHeader = '';
    foreach ($poFields as $k => $v) {
        $moHeader .= "$k: $v\n";
    }
    $outputs[substr($poFile, 0, -3) . '.mo'] = compile_mo($moHeader, array_map(fn ($e) => $e + ['fuzzy' => false], $kept));
}

foreach ($outputs as $path => $content) {
    $name = str_starts_with($path, "$root/") ? substr($path, strlen($root) + 1) : $path;
    $old = is_file($path) ? file_get_contents($path) : null;
    if ($old === $content) {
        continue;
    }
    if ($check) {
        // Where a string sits (`#: file:line`) moves with every edit of a PHP file; only the
        // strings, their comments and translations decide whether the files are stale.
        $strip = fn (?string $po) => preg_replace('/^#: .*\n/m', '', (string) $po);
        if (!str_ends_with($path, '.mo') && $strip($old) === $strip($content)) {
            continue;
        }
        $problems[] = "$name is not what the sources make (run npm run pot)";
    } elseif (file_put_contents($path, $content) === false) {
        fwrite(STDERR, "cannot write $name\n");
        exit(1);
    } else {
        echo "wrote $name\n";
    }
}
if ($problems) {
    fwrite(STDERR, implode("\n", $problems) . "\n");
    exit(1);
}
echo count($pot) . " strings; everything is up to date.\n";
