<?php
/**
 * Validates one record of a batch against the wire contract (docs/server-api.md), which
 * follows the extension's ToolCallRecordSchema (src/audit/record-schema.ts).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * A record's fields, checked one by one; the first problem is reported with its field.
 */
class Countersign_Record_Validator {

	/** A1: every status a record can hold. */
	const STATUSES = array( 'pending', 'approved', 'rejected', 'run', 'failed', 'refused', 'skipped', 'expired' );

	/** G1 modes and `command`. */
	const MODES = array( 'allow', 'once', 'ask', 'deny', 'command' );

	/** T2 kinds. */
	const KINDS = array( 'read', 'write', 'run', 'send', 'delete' );

	/** Ids and error codes: identifiers, never sentences. */
	const IDENTIFIER = '/^[A-Za-z0-9_.:-]+$/';

	/** Fields the contract names, in the order they are stored. */
	const FIELDS = array( 'id', 'threadId', 'tool', 'input', 'payloadHash', 'status', 'mode', 'classification', 'transport', 'position', 'decidedBy', 'decidedAt', 'outcome', 'resultSummary', 'reasoning', 'configChanges', 'undo', 'approvedEdit', 'error', 'createdAt', 'updatedAt', 'version', 'history' );

	/**
	 * Checks a record. On success returns the record as it will be stored (only the named
	 * fields, `owner` removed) and the owner's origin and root; on failure an error array
	 * `{ code, status, field, message }`.
	 *
	 * @param mixed $r       The decoded record (stdClass).
	 * @param int   $user_id The caller.
	 * @return array
	 */
	public static function validate( $r, $user_id ) {
		if ( ! $r instanceof stdClass ) {
			return self::bad( null, __( 'a record must be a JSON object', 'countersign' ) );
		}
		$problem = self::check_fields( $r );
		if ( $problem ) {
			return $problem;
		}
		$origin = '';
		$root   = '';
		if ( property_exists( $r, 'owner' ) ) {
			$owner = $r->owner;
			if ( ! $owner instanceof stdClass ) {
				return self::bad( 'owner', __( '"owner" must be an object; the owner is the signed-in user', 'countersign' ) );
			}
			if ( isset( $owner->userId ) && (string) $user_id !== $owner->userId ) {
				return array(
					'code'    => 'countersign_owner_forged',
					'status'  => 403,
					'field'   => 'owner.userId',
					/* translators: 1: the user id the record names, 2: the signed-in user's id. */
					'message' => sprintf( __( '"owner.userId" is "%1$s", but the signed-in user is "%2$d": a record can only be written by its owner', 'countersign' ), is_scalar( $owner->userId ) ? (string) $owner->userId : '?', $user_id ),
				);
			}
			$origin = is_string( $owner->siteOrigin ?? null ) ? substr( $owner->siteOrigin, 0, 255 ) : '';
			$root   = is_string( $owner->siteRoot ?? null ) ? substr( $owner->siteRoot, 0, 255 ) : '';
		}
		$problem = Countersign_Record_History::check( $r );
		if ( $problem ) {
			return $problem;
		}
		$stored = new stdClass();
		foreach ( self::FIELDS as $field ) {
			if ( property_exists( $r, $field ) ) {
				$stored->$field = $r->$field;
			} elseif ( 'input' === $field ) {
				$stored->input = null;
			}
		}
		return array(
			'record' => $stored,
			'origin' => $origin,
			'root'   => $root,
		);
	}

	/**
	 * Every field but the history.
	 *
	 * @param stdClass $r The record.
	 * @return array|null
	 */
	private static function check_fields( $r ) {
		$id = $r->id ?? null;
		if ( ! is_string( $id ) || '' === $id || strlen( $id ) > 100 || ! preg_match( self::IDENTIFIER, $id ) ) {
			return self::bad( 'id', __( '"id" must be 1-100 characters of letters, digits and _ . : -', 'countersign' ) );
		}
		foreach ( array(
			'threadId'    => 191,
			'tool'        => 100,
			'payloadHash' => 128,
		) as $field => $max ) {
			$p = self::string_field( $r, $field, 1, $max, false );
			if ( $p ) {
				return $p;
			}
		}
		$p = self::enum_field( $r, 'status', self::STATUSES )
			?? self::enum_field( $r, 'mode', self::MODES )
			?? self::enum_field( $r, 'transport', array( 'agent', 'command' ) )
			?? self::check_classification( $r );
		if ( $p ) {
			return $p;
		}
		if ( ! is_int( $r->position ?? null ) || $r->position < 0 ) {
			return self::bad( 'position', __( '"position" must be a whole number, 0 or more', 'countersign' ) );
		}
		if ( ! property_exists( $r, 'decidedBy' ) || ( null !== $r->decidedBy && ( ! is_string( $r->decidedBy ) || '' === $r->decidedBy || mb_strlen( $r->decidedBy ) > 191 ) ) ) {
			return self::bad( 'decidedBy', __( '"decidedBy" must be null or a string of 1-191 characters', 'countersign' ) );
		}
		if ( ! property_exists( $r, 'decidedAt' ) || ( null !== $r->decidedAt && ! self::is_number( $r->decidedAt ) ) ) {
			return self::bad( 'decidedAt', __( '"decidedAt" must be null or epoch milliseconds', 'countersign' ) );
		}
		foreach ( array(
			'outcome'       => 2000,
			'resultSummary' => 2000,
			'reasoning'     => PHP_INT_MAX,
		) as $field => $max ) {
			if ( property_exists( $r, $field ) ) {
				$p = self::string_field( $r, $field, 0, $max, false );
				if ( $p ) {
					return $p;
				}
			}
		}
		$p = self::check_config_changes( $r ) ?? self::check_approved_edit( $r ) ?? self::check_error( $r );
		if ( $p ) {
			return $p;
		}
		if ( property_exists( $r, 'undo' ) && ! $r->undo instanceof stdClass ) {
			return self::bad( 'undo', __( '"undo" must be an object', 'countersign' ) );
		}
		foreach ( array( 'createdAt', 'updatedAt' ) as $field ) {
			if ( ! self::is_number( $r->$field ?? null ) || $r->$field < 0 ) {
				return self::bad( $field, sprintf( /* translators: %s: a field of the record (createdAt or updatedAt). */ __( '"%s" must be epoch milliseconds', 'countersign' ), $field ) );
			}
		}
		if ( ! is_int( $r->version ?? null ) || $r->version < 1 ) {
			return self::bad( 'version', __( '"version" must be a whole number, 1 or more', 'countersign' ) );
		}
		return null;
	}

	/**
	 * The classification snapshot: null or { kind, destructive, whole?, draft? }.
	 *
	 * @param stdClass $r The record.
	 * @return array|null
	 */
	private static function check_classification( $r ) {
		if ( ! property_exists( $r, 'classification' ) ) {
			return self::bad( 'classification', __( '"classification" is missing (null for an unclassified tool)', 'countersign' ) );
		}
		$c = $r->classification;
		if ( null === $c ) {
			return null;
		}
		if ( ! $c instanceof stdClass ) {
			return self::bad( 'classification', __( '"classification" must be null or an object', 'countersign' ) );
		}
		if ( ! in_array( $c->kind ?? null, self::KINDS, true ) ) {
			return self::bad( 'classification.kind', sprintf( /* translators: %s: the allowed kinds, separated by commas. */ __( '"classification.kind" must be one of %s', 'countersign' ), implode( ', ', self::KINDS ) ) );
		}
		if ( ! is_bool( $c->destructive ?? null ) ) {
			return self::bad( 'classification.destructive', self::boolean( 'classification.destructive' ) );
		}
		foreach ( array( 'whole', 'draft' ) as $flag ) {
			if ( property_exists( $c, $flag ) && ! is_bool( $c->$flag ) ) {
				return self::bad( "classification.$flag", self::boolean( "classification.$flag" ) );
			}
		}
		return null;
	}

	/**
	 * A6 configuration changes.
	 *
	 * @param stdClass $r The record.
	 * @return array|null
	 */
	private static function check_config_changes( $r ) {
		if ( ! property_exists( $r, 'configChanges' ) ) {
			return null;
		}
		if ( ! is_array( $r->configChanges ) ) {
			return self::bad( 'configChanges', __( '"configChanges" must be a list', 'countersign' ) );
		}
		foreach ( $r->configChanges as $i => $change ) {
			if ( ! $change instanceof stdClass || ! is_string( $change->key ?? null ) || '' === $change->key ) {
				return self::bad( "configChanges.$i.key", sprintf( /* translators: %s: the place of the change in the record, such as configChanges.0. */ __( '"%s" must be an object with a non-empty "key"', 'countersign' ), "configChanges.$i" ) );
			}
			if ( property_exists( $change, 'deleted' ) && ! is_bool( $change->deleted ) ) {
				return self::bad( "configChanges.$i.deleted", self::boolean( "configChanges.$i.deleted" ) );
			}
		}
		return null;
	}

	/**
	 * Issue 36: the person's edited version approved instead of the proposal:
	 * { input, payloadHash (64 hex digits), fields (1-50 field names) }.
	 *
	 * @param stdClass $r The record.
	 * @return array|null
	 */
	private static function check_approved_edit( $r ) {
		if ( ! property_exists( $r, 'approvedEdit' ) ) {
			return null;
		}
		$e = $r->approvedEdit;
		if ( ! $e instanceof stdClass || ! property_exists( $e, 'input' ) ) {
			return self::bad( 'approvedEdit', __( '"approvedEdit" must be an object { input, payloadHash, fields }', 'countersign' ) );
		}
		if ( ! is_string( $e->payloadHash ?? null ) || ! preg_match( '/^[0-9a-f]{64}$/', $e->payloadHash ) ) {
			return self::bad( 'approvedEdit.payloadHash', __( '"approvedEdit.payloadHash" must be the SHA-256 of the approved payload, 64 hex digits', 'countersign' ) );
		}
		$fields = $e->fields ?? null;
		$ok     = is_array( $fields ) && count( $fields ) >= 1 && count( $fields ) <= 50;
		foreach ( $ok ? $fields : array() as $field ) {
			$ok = $ok && is_string( $field ) && '' !== $field && strlen( $field ) <= 100;
		}
		if ( ! $ok ) {
			return self::bad( 'approvedEdit.fields', __( '"approvedEdit.fields" must list 1-50 field names', 'countersign' ) );
		}
		return null;
	}

	/**
	 * S4: an error is a code and a class, identifiers only.
	 *
	 * @param stdClass $r The record.
	 * @return array|null
	 */
	private static function check_error( $r ) {
		if ( ! property_exists( $r, 'error' ) ) {
			return null;
		}
		$e = $r->error;
		if ( ! $e instanceof stdClass ) {
			return self::bad( 'error', __( '"error" must be an object { code, class? }', 'countersign' ) );
		}
		foreach ( array( 'code', 'class' ) as $field ) {
			if ( 'class' === $field && ! property_exists( $e, 'class' ) ) {
				continue;
			}
			$v = $e->$field ?? null;
			if ( ! is_string( $v ) || '' === $v || strlen( $v ) > 80 || ! preg_match( self::IDENTIFIER, $v ) ) {
				return self::bad( "error.$field", sprintf( /* translators: %s: the field, error.code or error.class. */ __( '"%s" must be an identifier (1-80 letters, digits, _ . : -), never a message', 'countersign' ), "error.$field" ) );
			}
		}
		return null;
	}

	/**
	 * A string field of a length range.
	 *
	 * @param stdClass $r        The object.
	 * @param string   $field    Its name.
	 * @param int      $min      Minimum length.
	 * @param int      $max      Maximum length (characters).
	 * @param bool     $optional Whether it may be absent.
	 * @return array|null
	 */
	private static function string_field( $r, $field, $min, $max, $optional ) {
		if ( ! property_exists( $r, $field ) ) {
			/* translators: %s: a field of the record. */
			return $optional ? null : self::bad( $field, sprintf( __( '"%s" is missing', 'countersign' ), $field ) );
		}
		$v = $r->$field;
		if ( ! is_string( $v ) || mb_strlen( $v ) < $min || ( PHP_INT_MAX !== $max && mb_strlen( $v ) > $max ) ) {
			return self::bad(
				$field,
				PHP_INT_MAX === $max
					/* translators: %s: a field of the record. */
					? sprintf( __( '"%s" must be a string', 'countersign' ), $field )
					/* translators: 1: a field of the record, 2: its least length, 3: its greatest length. */
					: sprintf( __( '"%1$s" must be a string of %2$d-%3$d characters', 'countersign' ), $field, $min, $max )
			);
		}
		return null;
	}

	/**
	 * A field that holds one word of a closed list.
	 *
	 * @param stdClass $r      The object.
	 * @param string   $field  Its name.
	 * @param string[] $values The words.
	 * @param string   $prefix Path prefix for messages.
	 * @return array|null
	 */
	public static function enum_field( $r, $field, $values, $prefix = '' ) {
		$v = $r->$field ?? null;
		if ( in_array( $v, $values, true ) ) {
			return null;
		}
		if ( is_string( $v ) ) {
			/* translators: 1: a field, 2: the allowed values, separated by commas, 3: the value sent. */
			return self::bad( $prefix . $field, sprintf( __( '"%1$s" must be one of %2$s; got "%3$s"', 'countersign' ), $prefix . $field, implode( ', ', $values ), $v ) );
		}
		return self::bad(
			$prefix . $field,
			null === $v
				/* translators: 1: a field, 2: the allowed values, separated by commas. */
				? sprintf( __( '"%1$s" must be one of %2$s; got nothing', 'countersign' ), $prefix . $field, implode( ', ', $values ) )
				/* translators: 1: a field, 2: the allowed values, separated by commas, 3: the JSON type sent (such as integer or array). */
				: sprintf( __( '"%1$s" must be one of %2$s; got a value of type %3$s', 'countersign' ), $prefix . $field, implode( ', ', $values ), gettype( $v ) )
		);
	}

	/**
	 * The message for a field that must be a boolean.
	 *
	 * @param string $field Dotted path.
	 * @return string
	 */
	private static function boolean( $field ) {
		/* translators: %s: a field of the record, such as classification.destructive. */
		return sprintf( __( '"%s" must be true or false', 'countersign' ), $field );
	}

	/**
	 * Whether a value is a JSON number.
	 *
	 * @param mixed $v The value.
	 * @return bool
	 */
	public static function is_number( $v ) {
		return is_int( $v ) || ( is_float( $v ) && is_finite( $v ) );
	}

	/**
	 * An invalid-record problem.
	 *
	 * @param string|null $field   Dotted path.
	 * @param string      $message Sentence.
	 * @return array
	 */
	public static function bad( $field, $message ) {
		return array(
			'code'    => 'countersign_invalid_record',
			'status'  => 400,
			'field'   => $field,
			'message' => $message,
		);
	}
}
