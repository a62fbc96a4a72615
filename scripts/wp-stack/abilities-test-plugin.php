<?php
/**
 * Plugin Name: Countersign test abilities
 * Description: Installed by scripts/wp-stack.sh into TEST stacks only (never shipped, never in a
 *   dev stack): abilities of every annotation kind for the Abilities API tests (issue 34 item 2).
 *   Inert before WordPress 6.9, where the two hooks below never fire.
 */

if (!defined('ABSPATH')) {
    exit;
}

add_action('wp_abilities_api_categories_init', function () {
    wp_register_ability_category('countersign-test', [
        'label' => 'Countersign tests',
        'description' => 'Abilities registered by the Countersign test stack.',
    ]);
});

/** The input schema's post id argument, with the title and description a card shows. */
function countersign_test_post_id_schema(): array
{
    return [
        'type' => 'integer',
        'title' => 'Post',
        'description' => 'The post this ability acts on.',
        'minimum' => 1,
    ];
}

/**
 * A kill test's pause (tests/e2e/abilities-kill.spec.ts): while the option
 * countersign_test_ability_hold_ms is set, an ability that acts on a post first marks it
 * ("countersign_test_started", one row per run the site was asked for), then waits that long
 * before it acts, so the extension's worker can be stopped while the site runs it.
 */
function countersign_test_hold(int $post_id): void
{
    $ms = (int) get_option('countersign_test_ability_hold_ms', 0);
    if ($ms <= 0) {
        return;
    }
    add_post_meta($post_id, 'countersign_test_started', (string) microtime(true));
    usleep(min($ms, 10000) * 1000);
}

add_action('wp_abilities_api_init', function () {
    // readonly: true. Runs by GET.
    wp_register_ability('countersign-test/recent-titles', [
        'label' => 'Recent post titles',
        'description' => 'Lists the titles of the most recent posts.',
        'category' => 'countersign-test',
        'input_schema' => [
            'type' => 'object',
            'properties' => [
                'count' => [
                    'type' => 'integer',
                    'title' => 'How many',
                    'description' => 'How many titles to list.',
                    'minimum' => 1,
                    'maximum' => 10,
                    'default' => 3,
                ],
            ],
            'additionalProperties' => false,
        ],
        'output_schema' => [
            'type' => 'array',
            'items' => [
                'type' => 'object',
                'properties' => [
                    'id' => ['type' => 'integer'],
                    'title' => ['type' => 'string'],
                ],
                'required' => ['id', 'title'],
            ],
        ],
        'execute_callback' => function ($input) {
            $posts = get_posts(['numberposts' => (int) ($input['count'] ?? 3), 'post_status' => 'any']);
            return array_map(fn ($p) => ['id' => $p->ID, 'title' => $p->post_title], $posts);
        },
        'permission_callback' => fn () => current_user_can('read'),
        'meta' => [
            'show_in_rest' => true,
            'annotations' => ['readonly' => true, 'destructive' => false, 'idempotent' => true],
        ],
    ]);

    // destructive: false (additive). Runs by POST.
    wp_register_ability('countersign-test/add-post-note', [
        'label' => 'Add a note to a post',
        'description' => 'Adds a private note (post meta) to a post; earlier notes stay.',
        'category' => 'countersign-test',
        'input_schema' => [
            'type' => 'object',
            'properties' => [
                'post_id' => countersign_test_post_id_schema(),
                'note' => [
                    'type' => 'string',
                    'title' => 'Note',
                    'description' => 'The text of the note.',
                    'minLength' => 1,
                    'maxLength' => 200,
                ],
            ],
            'required' => ['post_id', 'note'],
            'additionalProperties' => false,
        ],
        'output_schema' => [
            'type' => 'object',
            'properties' => ['notes' => ['type' => 'integer']],
            'required' => ['notes'],
        ],
        'execute_callback' => function ($input) {
            countersign_test_hold((int) $input['post_id']);
            add_post_meta($input['post_id'], 'countersign_test_note', $input['note']);
            return ['notes' => count(get_post_meta($input['post_id'], 'countersign_test_note'))];
        },
        'permission_callback' => fn ($input) => current_user_can('edit_post', (int) ($input['post_id'] ?? 0)),
        'meta' => [
            'show_in_rest' => true,
            'annotations' => ['readonly' => false, 'destructive' => false, 'idempotent' => false],
        ],
    ]);

    // destructive: true, idempotent: true. Runs by DELETE. Refuses editors (administrators only).
    wp_register_ability('countersign-test/trash-post', [
        'label' => 'Move a post to the trash',
        'description' => 'Moves a post to the trash. Administrators only.',
        'category' => 'countersign-test',
        'input_schema' => [
            'type' => 'object',
            'properties' => ['post_id' => countersign_test_post_id_schema()],
            'required' => ['post_id'],
            'additionalProperties' => false,
        ],
        'output_schema' => [
            'type' => 'object',
            'properties' => ['status' => ['type' => 'string']],
            'required' => ['status'],
        ],
        'execute_callback' => function ($input) {
            countersign_test_hold((int) $input['post_id']);
            wp_trash_post($input['post_id']);
            return ['status' => (string) get_post_status($input['post_id'])];
        },
        'permission_callback' => fn () => current_user_can('manage_options'),
        'meta' => [
            'show_in_rest' => true,
            'annotations' => ['readonly' => false, 'destructive' => true, 'idempotent' => true],
        ],
    ]);

    // No annotations at all. Runs by POST. Replaces the post's excerpt.
    wp_register_ability('countersign-test/set-excerpt', [
        'label' => 'Set a post excerpt',
        'description' => 'Sets the excerpt of a post.',
        'category' => 'countersign-test',
        'input_schema' => [
            'type' => 'object',
            'properties' => [
                'post_id' => countersign_test_post_id_schema(),
                'excerpt' => ['type' => 'string', 'title' => 'Excerpt', 'maxLength' => 500],
            ],
            'required' => ['post_id', 'excerpt'],
        ],
        'execute_callback' => function ($input) {
            $id = wp_update_post(['ID' => $input['post_id'], 'post_excerpt' => $input['excerpt']], true);
            return is_wp_error($id) ? $id : ['id' => $id];
        },
        'permission_callback' => fn ($input) => current_user_can('edit_post', (int) ($input['post_id'] ?? 0)),
        'meta' => ['show_in_rest' => true],
    ]);

    // Its output breaks its own output schema (a number where a string is promised).
    wp_register_ability('countersign-test/broken-output', [
        'label' => 'Broken output',
        'description' => 'Answers with something its output schema does not allow.',
        'category' => 'countersign-test',
        'output_schema' => [
            'type' => 'object',
            'properties' => ['greeting' => ['type' => 'string']],
            'required' => ['greeting'],
        ],
        'execute_callback' => fn () => ['greeting' => 42],
        'permission_callback' => fn () => current_user_can('read'),
        'meta' => [
            'show_in_rest' => true,
            'annotations' => ['readonly' => true, 'destructive' => false, 'idempotent' => true],
        ],
    ]);

    // Not offered over REST: discovery must never see it.
    wp_register_ability('countersign-test/hidden', [
        'label' => 'Hidden',
        'description' => 'Not in REST.',
        'category' => 'countersign-test',
        'execute_callback' => fn () => 'hidden',
        'permission_callback' => '__return_true',
        'meta' => ['show_in_rest' => false, 'annotations' => ['readonly' => true]],
    ]);
});

/**
 * A site with very many abilities (tests/e2e/abilities-many.spec.ts): while the option
 * countersign_test_many_abilities holds a count (at most 500), a shop plugin's worth of
 * read-only reports plus one stock look-up, in their own category.
 */
function countersign_test_many(): int
{
    return max(0, min(500, (int) get_option('countersign_test_many_abilities', 0)));
}

add_action('wp_abilities_api_categories_init', function () {
    if (countersign_test_many() > 0) {
        wp_register_ability_category('countersign-shop', [
            'label' => 'Test shop',
            'description' => 'Many abilities of a test shop.',
        ]);
    }
});

add_action('wp_abilities_api_init', function () {
    $count = countersign_test_many();
    $meta = [
        'show_in_rest' => true,
        'annotations' => ['readonly' => true, 'destructive' => false, 'idempotent' => true],
    ];
    for ($i = 1; $i < $count; $i++) {
        wp_register_ability("countersign-shop/sales-report-$i", [
            'label' => "Sales report $i",
            'description' => "The sales figures of region $i.",
            'category' => 'countersign-shop',
            'input_schema' => [
                'type' => 'object',
                'properties' => ['month' => ['type' => 'string', 'description' => 'A month, YYYY-MM.']],
            ],
            'execute_callback' => fn () => ['region' => $i, 'sales' => 0],
            'permission_callback' => fn () => current_user_can('read'),
            'meta' => $meta,
        ]);
    }
    if ($count > 0) {
        wp_register_ability('countersign-shop/stock-level', [
            'label' => 'Stock level',
            'description' => 'How many pieces of an article the warehouse holds.',
            'category' => 'countersign-shop',
            'input_schema' => [
                'type' => 'object',
                'properties' => ['sku' => ['type' => 'string', 'title' => 'Article number']],
                'required' => ['sku'],
            ],
            'execute_callback' => fn ($input) => ['sku' => $input['sku'], 'pieces' => 7],
            'permission_callback' => fn () => current_user_can('read'),
            'meta' => $meta,
        ]);
    }
});

/**
 * The site's AI connection (issue 34 item 4, tests/integration/server/site-model.test.ts):
 * while the option countersign_test_model_upstream holds an address, the companion plugin
 * forwards Messages requests there (the tests' scripted model server) instead of Anthropic.
 */
add_filter('countersign_site_model_upstream', function ($upstream) {
    $test = get_option('countersign_test_model_upstream', '');
    return is_string($test) && $test !== '' ? $test : $upstream;
});

/**
 * Abilities registered by the admin page itself (issue 34 item 3, WordPress 7.0+ and its
 * `@wordpress/abilities` script module; tests/e2e/page-abilities.spec.ts): every admin page
 * loads a small module, served below, that registers a category and two abilities in the
 * page: a read-only one that answers the page's title, and a write that shows a note on the
 * page (an element #countersign-test-page-note the test reads).
 */
add_action('admin_enqueue_scripts', function () {
    if (!function_exists('wp_register_ability') || !function_exists('wp_enqueue_script_module')) {
        return;
    }
    wp_enqueue_script_module(
        'countersign-test-page-abilities',
        admin_url('admin-ajax.php?action=countersign_test_page_abilities'),
        ['@wordpress/abilities']
    );
});

add_action('wp_ajax_countersign_test_page_abilities', function () {
    header('Content-Type: text/javascript; charset=utf-8');
    echo <<<'JS'
import { registerAbility, registerAbilityCategory } from '@wordpress/abilities';

registerAbilityCategory('countersign-page', {
  label: 'Countersign page tests',
  description: 'Abilities the Countersign test stack registers in the admin page.',
});
registerAbility({
  name: 'countersign-test/page-title',
  label: 'Read this page’s title',
  description: 'Answers the title of the admin page the person has open.',
  category: 'countersign-page',
  input_schema: { type: 'object', properties: {}, additionalProperties: false },
  output_schema: {
    type: 'object',
    properties: { title: { type: 'string' } },
    required: ['title'],
  },
  meta: { annotations: { readonly: true } },
  callback: async () => ({ title: document.title }),
});
registerAbility({
  name: 'countersign-test/page-note',
  label: 'Show a note on this page',
  description: 'Shows a short note at the top of the admin page the person has open.',
  category: 'countersign-page',
  input_schema: {
    type: 'object',
    properties: {
      text: { type: 'string', title: 'Note', description: 'What the note says.', maxLength: 200 },
    },
    required: ['text'],
    additionalProperties: false,
  },
  output_schema: {
    type: 'object',
    properties: { shown: { type: 'string' } },
    required: ['shown'],
  },
  meta: { annotations: { readonly: false, destructive: false, idempotent: true } },
  callback: async ({ text }) => {
    let note = document.getElementById('countersign-test-page-note');
    if (!note) {
      note = document.createElement('div');
      note.id = 'countersign-test-page-note';
      document.getElementById('wpbody-content')?.prepend(note);
    }
    note.textContent = text;
    return { shown: text };
  },
});
JS;
    exit;
});

/**
 * The XSS corpus through an ability (issue 34, tests/e2e/abilities-xss.spec.ts): while the
 * option countersign_test_xss_ability holds JSON { label, description, category, title,
 * argument, output }, one unannotated ability carries those strings in its label,
 * description, category, schema title and description, and answers `output` when it runs.
 */
function countersign_test_xss(): ?array
{
    $raw = get_option('countersign_test_xss_ability', '');
    $data = is_string($raw) && $raw !== '' ? json_decode($raw, true) : null;
    return is_array($data) ? $data : null;
}

add_action('wp_abilities_api_categories_init', function () {
    $xss = countersign_test_xss();
    if ($xss) {
        wp_register_ability_category('countersign-xss', [
            'label' => (string) $xss['category'],
            'description' => (string) $xss['description'],
        ]);
    }
});

add_action('wp_abilities_api_init', function () {
    $xss = countersign_test_xss();
    if (!$xss) {
        return;
    }
    wp_register_ability('countersign-xss/probe', [
        'label' => (string) $xss['label'],
        'description' => (string) $xss['description'],
        'category' => 'countersign-xss',
        'input_schema' => [
            'type' => 'object',
            'properties' => [
                'text' => [
                    'type' => 'string',
                    'title' => (string) $xss['title'],
                    'description' => (string) $xss['argument'],
                ],
            ],
            'required' => ['text'],
        ],
        'output_schema' => ['type' => 'object'],
        'execute_callback' => fn ($input) => ['said' => (string) $xss['output'], 'echo' => $input['text'] ?? ''],
        'permission_callback' => fn () => current_user_can('edit_posts'),
        'meta' => ['show_in_rest' => true],
    ]);
});
