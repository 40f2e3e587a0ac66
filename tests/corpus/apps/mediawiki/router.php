<?php
// Router for PHP's built-in server: existing files (load.php, skins, resources)
// are served as they are; every other path goes to index.php, the way
// Apache's rewrite rules would send it.
$path = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
$file = __DIR__ === '' ? '' : $_SERVER['DOCUMENT_ROOT'] . $path;
if ( $path !== '/' && is_file( $file ) ) {
	return false;
}
if ( preg_match( '#^/index\.php(/|$)#', $path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
require $_SERVER['SCRIPT_FILENAME'];
