<?php
/**
 * The plugin's settings: retention and what uninstall removes; REST and a Settings page.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * The options, read and written through GET/PUT /settings and Settings > Countersign.
 */
class Countersign_Settings {

	/** Days to keep records; absent or 0: keep forever. */
	const RETENTION = 'countersign_retention_days';

	/** G12, G15: minutes a call may wait for a second approver before it expires (0: never). */
	const APPROVAL_EXPIRY = 'countersign_approval_expiry_minutes';

	/** Whether uninstall drops the tables (the admin's explicit choice). */
	const REMOVE_DATA = 'countersign_remove_data_on_uninstall';

	/**
	 * The retention in days, or null to keep forever.
	 *
	 * @return int|null
	 */
	public static function retention_days() {
		$days = (int) get_option( self::RETENTION, 0 );
		return $days > 0 ? $days : null;
	}

	/**
	 * The settings as the API shows them.
	 *
	 * @return array
	 */
	public static function get() {
		return array(
			'retentionDays'         => self::retention_days(),
			'removeDataOnUninstall' => (bool) get_option( self::REMOVE_DATA, false ),
			'approvalExpiryMinutes' => ( (int) get_option( self::APPROVAL_EXPIRY, 0 ) ) ?: null,
			'siteModelEnabled'      => Countersign_Site_Model::enabled(),
			'siteModelDailyLimit'   => Countersign_Site_Model::daily_limit(),
		);
	}

	/**
	 * Writes the keys a PUT names. The route's `args` (Countersign_Route_Args::settings_put())
	 * have refused a wrong type or a value out of bounds for every key and cast the numbers;
	 * what JSON Schema cannot say here is that the body is a JSON object of those keys only.
	 *
	 * @param mixed $data The JSON body as WordPress decoded it (null when it was not JSON).
	 * @return array|WP_Error
	 */
	public static function put( $data ) {
		if ( ! is_array( $data ) || ( array() !== $data && array_is_list( $data ) ) ) {
			return self::bad( null, __( 'the body must be an object { "retentionDays"?, "removeDataOnUninstall"?, "approvalExpiryMinutes"?, "siteModelEnabled"?, "siteModelDailyLimit"? }', 'countersign' ) );
		}
		foreach ( array_keys( $data ) as $key ) {
			if ( ! in_array( $key, array( 'retentionDays', 'removeDataOnUninstall', 'approvalExpiryMinutes', 'siteModelEnabled', 'siteModelDailyLimit' ), true ) ) {
				return self::bad( (string) $key, sprintf( /* translators: %s: the unknown key. */ __( '"%s" is not a setting', 'countersign' ), $key ) );
			}
		}
		if ( array_key_exists( 'approvalExpiryMinutes', $data ) ) {
			update_option( self::APPROVAL_EXPIRY, (int) $data['approvalExpiryMinutes'], false );
		}
		if ( array_key_exists( 'retentionDays', $data ) ) {
			update_option( self::RETENTION, (int) $data['retentionDays'], false );
		}
		if ( array_key_exists( 'removeDataOnUninstall', $data ) ) {
			update_option( self::REMOVE_DATA, $data['removeDataOnUninstall'] ? 1 : 0, false );
		}
		if ( array_key_exists( 'siteModelEnabled', $data ) ) {
			update_option( Countersign_Site_Model::ENABLED, $data['siteModelEnabled'] ? 1 : 0, false );
		}
		if ( array_key_exists( 'siteModelDailyLimit', $data ) ) {
			update_option( Countersign_Site_Model::DAILY_LIMIT, (int) $data['siteModelDailyLimit'], false );
		}
		return self::get();
	}

	/**
	 * Registers the options of the page with the Settings API (admin_init).
	 */
	public static function register() {
		register_setting(
			'countersign',
			self::RETENTION,
			array(
				'type'              => 'integer',
				'sanitize_callback' => fn( $v ) => max( 0, min( 3650, (int) $v ) ),
				'default'           => 0,
			)
		);
		register_setting(
			'countersign',
			self::REMOVE_DATA,
			array(
				'type'              => 'boolean',
				'sanitize_callback' => fn( $v ) => $v ? 1 : 0,
				'default'           => 0,
			)
		);
		register_setting(
			'countersign',
			Countersign_Site_Model::ENABLED,
			array(
				'type'              => 'boolean',
				'sanitize_callback' => fn( $v ) => $v ? 1 : 0,
				'default'           => 0,
			)
		);
		register_setting(
			'countersign',
			Countersign_Site_Model::DAILY_LIMIT,
			array(
				'type'              => 'integer',
				'sanitize_callback' => fn( $v ) => max( 1, min( Countersign_Site_Model::MAX_LIMIT, (int) $v ) ),
				'default'           => Countersign_Site_Model::DEFAULT_LIMIT,
			)
		);
	}

	/**
	 * Settings > Countersign (admin_menu).
	 */
	public static function add_page() {
		add_options_page( __( 'Countersign', 'countersign' ), __( 'Countersign', 'countersign' ), 'manage_options', 'countersign', array( __CLASS__, 'render' ) );
	}

	/**
	 * The settings page.
	 */
	public static function render() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$days   = (int) get_option( self::RETENTION, 0 );
		$remove = (bool) get_option( self::REMOVE_DATA, false );
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Countersign', 'countersign' ); ?></h1>
			<form method="post" action="options.php">
				<?php settings_fields( 'countersign' ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="countersign-retention"><?php esc_html_e( 'Keep audit records for', 'countersign' ); ?></label></th>
						<td>
							<input id="countersign-retention" name="<?php echo esc_attr( self::RETENTION ); ?>" type="number" min="0" max="3650" value="<?php echo esc_attr( (string) $days ); ?>" class="small-text" />
							<?php esc_html_e( 'days', 'countersign' ); ?>
							<p class="description"><?php esc_html_e( '0 keeps them forever. Calls still waiting for a decision are never removed.', 'countersign' ); ?></p>
						</td>
					</tr>
					<tr>
						<th scope="row"><?php esc_html_e( 'When the plugin is deleted', 'countersign' ); ?></th>
						<td>
							<label><input name="<?php echo esc_attr( self::REMOVE_DATA ); ?>" type="checkbox" value="1" <?php checked( $remove ); ?> />
							<?php esc_html_e( 'Also delete the audit records and the site policy', 'countersign' ); ?></label>
							<p class="description"><?php esc_html_e( 'Left unticked, deleting the plugin keeps them in the database.', 'countersign' ); ?></p>
						</td>
					</tr>
				</table>
				<?php Countersign_Site_Model_Page::fields(); ?>
				<?php submit_button(); ?>
			</form>
			<?php Countersign_Site_Model_Page::usage(); ?>
		</div>
		<?php
	}

	/**
	 * A refused setting.
	 *
	 * @param string|null $field   Key.
	 * @param string      $message Sentence.
	 * @return WP_Error
	 */
	private static function bad( $field, $message ) {
		/* translators: %s: what is wrong with the settings. */
		return Countersign_Errors::make( 'countersign_invalid_settings', sprintf( __( 'The settings were not saved: %s.', 'countersign' ), $message ), 400, array( 'field' => $field ) );
	}
}
