<?php
/**
 * Issue 34 item 4: the section "This site's AI connection" of Settings > Countersign.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * The connector's state, the admin's choice and limit, and today's use per person.
 */
class Countersign_Site_Model_Page {

	/**
	 * The section's fields, inside the settings form (its options are in the 'countersign'
	 * group, so options.php saves them with the others).
	 */
	public static function fields() {
		$limit = Countersign_Site_Model::daily_limit();
		?>
		<h2><?php esc_html_e( 'This site\'s AI connection', 'countersign' ); ?></h2>
		<p><?php esc_html_e( 'People who may edit posts can let Countersign\'s agent use this site\'s Anthropic key instead of their own. The key never leaves the site: their requests go through it.', 'countersign' ); ?></p>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><?php esc_html_e( 'Connector', 'countersign' ); ?></th>
				<td><?php self::status(); ?></td>
			</tr>
			<tr>
				<th scope="row"><?php esc_html_e( 'Use from Countersign', 'countersign' ); ?></th>
				<td>
					<label><input name="<?php echo esc_attr( Countersign_Site_Model::ENABLED ); ?>" type="checkbox" value="1" <?php checked( Countersign_Site_Model::enabled() ); ?> />
					<?php esc_html_e( 'Let people who may edit posts use this site\'s AI connection', 'countersign' ); ?></label>
					<p class="description"><?php esc_html_e( 'Their requests are paid with the site\'s key. Left unticked, each person uses their own key.', 'countersign' ); ?></p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="countersign-site-model-limit"><?php esc_html_e( 'Daily limit', 'countersign' ); ?></label></th>
				<td>
					<input id="countersign-site-model-limit" name="<?php echo esc_attr( Countersign_Site_Model::DAILY_LIMIT ); ?>" type="number" min="1" max="<?php echo esc_attr( (string) Countersign_Site_Model::MAX_LIMIT ); ?>" value="<?php echo esc_attr( (string) $limit ); ?>" class="small-text" />
					<?php esc_html_e( 'requests per person per day', 'countersign' ); ?>
					<p class="description"><?php esc_html_e( 'A day is the site\'s day (its time zone). One request is one answer of the model; an agent\'s task takes several.', 'countersign' ); ?></p>
				</td>
			</tr>
		</table>
		<?php
	}

	/**
	 * Where the key comes from, or what is missing.
	 */
	private static function status() {
		$key = Countersign_Site_Model::key();
		if ( null === $key ) {
			esc_html_e( 'This needs WordPress 7.0 or newer, whose Connectors keep the site\'s Anthropic key.', 'countersign' );
			return;
		}
		$sources = array(
			'env'      => __( 'Anthropic is configured: the key comes from the server\'s environment (ANTHROPIC_API_KEY).', 'countersign' ),
			'constant' => __( 'Anthropic is configured: the key comes from a PHP constant (ANTHROPIC_API_KEY).', 'countersign' ),
			'database' => __( 'Anthropic is configured: the key is stored in the database (Settings → Connectors).', 'countersign' ),
		);
		if ( isset( $sources[ $key['source'] ] ) ) {
			echo esc_html( $sources[ $key['source'] ] );
		} else {
			esc_html_e( 'Anthropic is not configured.', 'countersign' );
			echo ' <a href="' . esc_url( admin_url( 'options-connectors.php' ) ) . '">' . esc_html__( 'Add its key in Settings → Connectors.', 'countersign' ) . '</a>';
		}
		if ( null === Countersign_Site_Model::upstream() ) {
			echo '<p class="description">' . esc_html( Countersign_Site_Model::message( 'bad-upstream' ) ) . '</p>';
		}
	}

	/**
	 * Today's use per person (outside the form: it is not a setting).
	 */
	public static function usage() {
		$report = Countersign_Site_Model_Usage::report();
		?>
		<h2><?php esc_html_e( 'Use of this site\'s AI connection today', 'countersign' ); ?></h2>
		<?php if ( array() === $report['users'] ) : ?>
			<p><?php esc_html_e( 'Nobody has used it yet.', 'countersign' ); ?></p>
		<?php else : ?>
			<table class="widefat striped">
				<thead>
					<tr>
						<th scope="col"><?php esc_html_e( 'Person', 'countersign' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Requests today', 'countersign' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Input tokens today', 'countersign' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Output tokens today', 'countersign' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Requests in all', 'countersign' ); ?></th>
					</tr>
				</thead>
				<tbody>
					<?php foreach ( $report['users'] as $row ) : ?>
						<tr>
							<td><?php echo esc_html( $row['name'] ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $row['requestsToday'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $row['inputTokensToday'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $row['outputTokensToday'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $row['requestsTotal'] ) ); ?></td>
						</tr>
					<?php endforeach; ?>
				</tbody>
			</table>
		<?php endif; ?>
		<?php
	}
}
