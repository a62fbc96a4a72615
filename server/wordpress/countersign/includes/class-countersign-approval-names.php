<?php
/**
 * C3, P7 for a second approver: the entities an ability's arguments name by id, named again
 * for the person who reads the card, from the site's own data and only where that person
 * may read them. The requester's card named them with the requester's session; those names
 * are never passed on.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Names of a card's argument entities (`argumentCard.arguments[].entity`: kind and id).
 */
class Countersign_Approval_Names {

	/** The most arguments named on one card (as the extension names at most 10). */
	const MAX_NAMED = 10;

	/**
	 * The card with each argument entity's `name` set for the current user, or left out
	 * where they may not read it (or it does not exist).
	 *
	 * @param stdClass $card Stored card.
	 * @return stdClass
	 */
	public static function for_viewer( $card ) {
		$arguments = $card->argumentCard->arguments ?? null;
		if ( ! is_array( $arguments ) ) {
			return $card;
		}
		$named = 0;
		foreach ( $arguments as $argument ) {
			$entity = $argument instanceof stdClass ? ( $argument->entity ?? null ) : null;
			if ( ! $entity instanceof stdClass ) {
				continue;
			}
			unset( $entity->name );
			if ( $named >= self::MAX_NAMED || ! is_int( $entity->id ?? null ) || ! is_string( $entity->kind ?? null ) ) {
				continue;
			}
			++$named;
			$name = self::name( $entity->kind, $entity->id );
			if ( null !== $name && '' !== $name ) {
				$entity->name = Countersign_Approval_Card::text( $name );
			}
		}
		return $card;
	}

	/**
	 * An entity's name for the current user, or null.
	 *
	 * @param string $kind post, media, term, user or comment.
	 * @param int    $id   Its id.
	 * @return string|null
	 */
	private static function name( $kind, $id ) {
		if ( $id <= 0 ) {
			return null;
		}
		switch ( $kind ) {
			case 'post':
			case 'media':
				$post = get_post( $id );
				if ( ! $post || ! current_user_can( 'read_post', $id ) ) {
					return null;
				}
				return wp_strip_all_tags( $post->post_title );
			case 'term':
				$term = get_term( $id );
				if ( ! $term instanceof WP_Term ) {
					return null;
				}
				$taxonomy = get_taxonomy( $term->taxonomy );
				if ( ! $taxonomy || ! ( $taxonomy->public || current_user_can( $taxonomy->cap->assign_terms ) ) ) {
					return null;
				}
				return $term->name;
			case 'user':
				$user = get_userdata( $id );
				if ( ! $user || ( get_current_user_id() !== $id && ! current_user_can( 'list_users' ) ) ) {
					return null;
				}
				return $user->display_name;
			case 'comment':
				$comment = get_comment( $id );
				if ( ! $comment || ! current_user_can( 'edit_comment', $id ) ) {
					return null;
				}
				return $comment->comment_author;
		}
		return null;
	}
}
