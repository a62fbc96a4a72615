<?php
/**
 * G11/G4: checks a site policy as the extension's PolicySchema does (src/gate/policy-schema.ts).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * The policy rules: keys are tool names or "*", entries { mode, rule?, class? }, a rule only
 * on ask/once entries, rules are JSON-Logic with the extension's operators. `class` (issue
 * 34) is for abilities (the site's: "ab_", "abh_"; the admin page's: "abp_", "abq_") only: read, write
 * or destructive; an entry may hold a class alone.
 */
class Countersign_Policy_Validator {

	/** G1 modes. */
	const MODES = array( 'allow', 'once', 'ask', 'deny' );

	/** The classes a site may give one of its abilities (SiteClassSchema in the extension). */
	const CLASSES = array( 'read', 'write', 'destructive' );

	/** How the extension names an ability's tool (ABILITY_TOOL_PREFIXES). */
	const ABILITY_KEY = '/^ab[hpq]?_/';

	/** A policy key: a snake_case verb_noun tool name, or "*". */
	const KEY = '/^(?:\*|[a-z][a-z0-9]*(?:_[a-z0-9-]+)+)$/';

	/** RULE_OPERATORS of src/gate/json-logic-rule.ts. */
	const OPERATORS = array( 'var', 'missing', 'missing_some', 'if', '?:', 'and', 'or', '!', '!!', '==', '===', '!=', '!==', '>', '>=', '<', '<=', 'max', 'min', '+', '-', '*', '/', '%', 'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in', 'cat', 'substr' );

	/**
	 * The first problem of a policy as `{ field, message }`, or null when it is valid.
	 *
	 * @param mixed $policy Decoded policy (stdClass).
	 * @return array|null
	 */
	public static function problem( $policy ) {
		if ( ! $policy instanceof stdClass ) {
			return self::bad( 'policy', __( '"policy" must be an object of entries keyed by tool name or "*"', 'countersign' ) );
		}
		foreach ( get_object_vars( $policy ) as $key => $entry ) {
			$key   = (string) $key;
			$where = "policy.$key";
			if ( ! preg_match( self::KEY, $key ) ) {
				return self::bad( $where, sprintf( /* translators: %s: a policy entry's key. */ __( 'entry "%s": the key must be a tool name (snake_case verb_noun) or "*"', 'countersign' ), $key ) );
			}
			if ( ! $entry instanceof stdClass ) {
				return self::bad( $where, sprintf( /* translators: %s: a policy entry's key. */ __( 'entry "%s" must be an object { "mode": ..., "rule"?: ... }', 'countersign' ), $key ) );
			}
			foreach ( array_keys( get_object_vars( $entry ) ) as $field ) {
				if ( ! in_array( $field, array( 'mode', 'rule', 'class' ), true ) ) {
					return self::bad( "$where.$field", sprintf( /* translators: 1: a policy entry's key, 2: the unknown field. */ __( 'entry "%1$s" has an unknown field "%2$s" (an entry holds "mode" and, optionally, "rule" or "class")', 'countersign' ), $key, $field ) );
				}
			}
			if ( property_exists( $entry, 'class' ) ) {
				if ( ! preg_match( self::ABILITY_KEY, $key ) ) {
					return self::bad( "$where.class", sprintf( /* translators: %s: a policy entry's key. */ __( 'entry "%s": a class is only for the site\'s own abilities (tools named "ab_…")', 'countersign' ), $key ) );
				}
				if ( ! in_array( $entry->class, self::CLASSES, true ) ) {
					return self::bad( "$where.class", sprintf( /* translators: 1: a policy entry's key, 2: the allowed classes, separated by commas. */ __( 'entry "%1$s" class must be one of %2$s', 'countersign' ), $key, implode( ', ', self::CLASSES ) ) );
				}
				if ( ! property_exists( $entry, 'mode' ) && ! property_exists( $entry, 'rule' ) ) {
					continue;
				}
			}
			$mode = $entry->mode ?? null;
			if ( ! in_array( $mode, self::MODES, true ) ) {
				return self::bad( "$where.mode", sprintf( /* translators: 1: a policy entry's key, 2: the allowed modes, separated by commas. */ __( 'entry "%1$s" mode must be one of %2$s', 'countersign' ), $key, implode( ', ', self::MODES ) ) );
			}
			if ( ! property_exists( $entry, 'rule' ) ) {
				continue;
			}
			if ( 'allow' === $mode || 'deny' === $mode ) {
				return self::bad( "$where.rule", sprintf( /* translators: 1: a policy entry's key, 2: its mode (allow or deny). */ __( 'entry "%1$s" rule: a rule only auto-approves calls of an "ask" or "once" entry; with mode "%2$s" it would do nothing', 'countersign' ), $key, $mode ) );
			}
			$rule = self::rule_problem( $entry->rule );
			if ( null !== $rule ) {
				return self::bad( "$where.rule", sprintf( /* translators: 1: a policy entry's key (a tool name or *), 2: what is wrong with its rule. */ __( 'entry "%1$s" rule: %2$s', 'countersign' ), $key, $rule ) );
			}
		}
		return null;
	}

	/**
	 * G4: a rule must be a one-key operation with known operators all the way down.
	 *
	 * @param mixed $rule Rule.
	 * @return string|null
	 */
	private static function rule_problem( $rule ) {
		if ( ! self::is_operation( $rule ) ) {
			return __( 'the rule must be a JSON-Logic operation, an object with one operator key such as {"==": [...]}', 'countersign' );
		}
		return self::walk( $rule );
	}

	/**
	 * Whether a value is a one-key object (json-logic reads those as operations).
	 *
	 * @param mixed $value Value.
	 * @return bool
	 */
	private static function is_operation( $value ) {
		return $value instanceof stdClass && 1 === count( get_object_vars( $value ) );
	}

	/**
	 * Walks a rule for unknown operators.
	 *
	 * @param mixed $node Node.
	 * @return string|null
	 */
	private static function walk( $node ) {
		if ( is_array( $node ) ) {
			foreach ( $node as $item ) {
				$problem = self::walk( $item );
				if ( null !== $problem ) {
					return $problem;
				}
			}
			return null;
		}
		if ( ! self::is_operation( $node ) ) {
			return null;
		}
		$vars     = get_object_vars( $node );
		$operator = (string) array_key_first( $vars );
		if ( ! in_array( $operator, self::OPERATORS, true ) ) {
			return sprintf( /* translators: 1: the unknown operator, 2: the known operators, separated by spaces. */ __( 'the rule uses unknown operator "%1$s"; known operators: %2$s', 'countersign' ), $operator, implode( ' ', self::OPERATORS ) );
		}
		return self::walk( $vars[ $operator ] );
	}

	/**
	 * A problem.
	 *
	 * @param string $field   Dotted path.
	 * @param string $message Sentence.
	 * @return array
	 */
	private static function bad( $field, $message ) {
		return array(
			'field'   => $field,
			'message' => $message,
		);
	}
}
