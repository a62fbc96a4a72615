<?php
/**
 * G15: checks the site policy's `approvals` part as the extension's SecondApproverPolicySchema
 * does (src/gate/approver-policy.ts).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * `{ tools?: { <tool>: { capability? } }, classes?: { live-write|destructive: { capability? } } }`.
 */
class Countersign_Approvals_Validator {

	/** The classes a second approver may be required for (G2's names). */
	const CLASSES = array( 'live-write', 'destructive' );

	/** A tool name (snake_case verb_noun). */
	const TOOL = '/^[a-z][a-z0-9]*(?:_[a-z0-9-]+)+$/';

	/** A capability name. */
	const CAPABILITY = '/^[a-z0-9_]{1,100}$/';

	/**
	 * The first problem as `{ field, message }`, or null when valid.
	 *
	 * @param mixed $approvals Decoded value (stdClass).
	 * @return array|null
	 */
	public static function problem( $approvals ) {
		if ( ! $approvals instanceof stdClass ) {
			return self::bad( 'approvals', __( '"approvals" must be an object { "tools"?: {...}, "classes"?: {...} }', 'countersign' ) );
		}
		foreach ( array_keys( get_object_vars( $approvals ) ) as $part ) {
			if ( 'tools' !== $part && 'classes' !== $part ) {
				return self::bad( "approvals.$part", sprintf( /* translators: %s: the unknown field. */ __( '"approvals" has an unknown field "%s" (it holds "tools" and "classes")', 'countersign' ), $part ) );
			}
		}
		foreach ( array( 'tools', 'classes' ) as $part ) {
			if ( ! property_exists( $approvals, $part ) ) {
				continue;
			}
			$entries = $approvals->$part;
			if ( ! $entries instanceof stdClass ) {
				return self::bad( "approvals.$part", 'tools' === $part ? __( '"approvals.tools" must be an object keyed by tool name', 'countersign' ) : __( '"approvals.classes" must be an object keyed by class (live-write, destructive)', 'countersign' ) );
			}
			foreach ( get_object_vars( $entries ) as $key => $entry ) {
				$problem = self::entry_problem( $part, (string) $key, $entry );
				if ( null !== $problem ) {
					return $problem;
				}
			}
		}
		return null;
	}

	/**
	 * G15: a version row's approvals (`{}` for rows stored before schema 3, or no row).
	 *
	 * @param object|null $row Row.
	 * @return stdClass
	 */
	public static function of_row( $row ) {
		$value = ( $row && null !== $row->approvals ) ? json_decode( $row->approvals ) : null;
		return $value instanceof stdClass ? $value : new stdClass();
	}

	/**
	 * G15: who must approve a call under the site's approvals, as the extension's
	 * secondApproverFor(): the tool's own entry, else its class's; null when none applies.
	 *
	 * @param stdClass    $approvals The current approvals.
	 * @param string      $tool      Tool name.
	 * @param string|null $class     The call's class (live-write, destructive) or null.
	 * @return array{capability: string, by: string}|null
	 */
	public static function need( $approvals, $tool, $class ) {
		$entry = $approvals->tools->$tool ?? null;
		$by    = 'tool';
		if ( ! $entry instanceof stdClass && null !== $class ) {
			$entry = $approvals->classes->$class ?? null;
			$by    = $class;
		}
		if ( ! $entry instanceof stdClass ) {
			return null;
		}
		$default = str_ends_with( $tool, '_settings' ) ? 'manage_options' : 'edit_others_posts';
		return array(
			'capability' => $entry->capability ?? $default,
			'by'         => $by,
		);
	}

	/**
	 * One entry's problem.
	 *
	 * @param string $part  "tools" or "classes".
	 * @param string $key   Tool or class name.
	 * @param mixed  $entry Entry.
	 * @return array|null
	 */
	private static function entry_problem( $part, $key, $entry ) {
		$where = "approvals.$part.$key";
		if ( 'tools' === $part && ! preg_match( self::TOOL, $key ) ) {
			return self::bad( $where, sprintf( /* translators: %s: the key of an approvals entry. */ __( 'approvals for "%s": the key must be a tool name (snake_case verb_noun)', 'countersign' ), $key ) );
		}
		if ( 'classes' === $part && ! in_array( $key, self::CLASSES, true ) ) {
			return self::bad( $where, sprintf( /* translators: 1: the class sent, 2: the allowed classes, separated by commas. */ __( 'approvals for class "%1$s": the class must be one of %2$s', 'countersign' ), $key, implode( ', ', self::CLASSES ) ) );
		}
		if ( ! $entry instanceof stdClass ) {
			return self::bad( $where, sprintf( /* translators: %s: a tool or class. */ __( 'approvals for "%s" must be an object { "capability"?: "..." }', 'countersign' ), $key ) );
		}
		foreach ( get_object_vars( $entry ) as $field => $value ) {
			if ( 'capability' !== $field ) {
				return self::bad( "$where.$field", sprintf( /* translators: 1: a tool or class, 2: the unknown field. */ __( 'approvals for "%1$s" has an unknown field "%2$s" (an entry holds only "capability")', 'countersign' ), $key, $field ) );
			}
			if ( ! is_string( $value ) || ! preg_match( self::CAPABILITY, $value ) ) {
				return self::bad( "$where.capability", sprintf( /* translators: %s: a tool or class. */ __( 'approvals for "%s": the capability must be 1 to 100 characters of a-z, 0-9 and _', 'countersign' ), $key ) );
			}
			$weak = self::weak_capability( $value );
			if ( null !== $weak ) {
				return self::bad( "$where.capability", sprintf( $weak, $key, $value ) );
			}
		}
		return null;
	}

	/**
	 * Why a capability cannot stand for a second approver, as a sprintf pattern (1: the tool
	 * or class, 2: the capability), or null. It must be granted by a role on this site (an
	 * unknown one would let nobody approve) and held by neither subscribers nor the role new
	 * users get (`read`, `level_0`: anybody could approve).
	 *
	 * @param string $capability Capability.
	 * @return string|null
	 */
	private static function weak_capability( $capability ) {
		$granted = false;
		foreach ( wp_roles()->role_objects as $role ) {
			$granted = $granted || $role->has_cap( $capability );
		}
		if ( ! $granted ) {
			/* translators: 1: a tool or class, 2: a capability. */
			return __( 'approvals for "%1$s": no role on this site grants the capability "%2$s", so nobody could approve', 'countersign' );
		}
		foreach ( array_unique( array( 'subscriber', (string) get_option( 'default_role', 'subscriber' ) ) ) as $name ) {
			$role = get_role( $name );
			if ( $role && $role->has_cap( $capability ) ) {
				/* translators: 1: a tool or class, 2: a capability. */
				return __( 'approvals for "%1$s": the capability "%2$s" is held by subscribers (the least role), so it cannot stand for a second approver', 'countersign' );
			}
		}
		return null;
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
