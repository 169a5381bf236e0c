package profiles

// Browsers is the table of where: each browser (and bookmark manager)
// whose bookmarks `uricat import --from` finds, in the order it lists
// them. A folder is written with "~" for the home folder and
// $XDG_CONFIG_HOME or $XDG_DATA_HOME for those (~/.config and
// ~/.local/share when unset); Snap and Flatpak installs keep their own.
//
// The Firefox family keeps Firefox's profiles.ini and places.sqlite; the
// Chromium family keeps a Bookmarks file in each profile's folder
// (Default, Profile 1, ...), and Opera keeps it in its folder itself.
var Browsers = []Browser{
	{Name: "firefox", Title: "Firefox", Format: "firefox", Layout: Mozilla,
		Linux: []string{
			"~/.mozilla/firefox",
			"~/snap/firefox/common/.mozilla/firefox",
			"~/.var/app/org.mozilla.firefox/.mozilla/firefox",
		},
		Darwin: []string{"~/Library/Application Support/Firefox"}},
	{Name: "librewolf", Title: "LibreWolf", Format: "firefox", Layout: Mozilla,
		Linux: []string{
			"~/.librewolf",
			"~/.var/app/io.gitlab.librewolf-community/.librewolf",
		},
		Darwin: []string{"~/Library/Application Support/librewolf"}},
	{Name: "zen", Title: "Zen", Format: "firefox", Layout: Mozilla,
		Linux: []string{
			"~/.zen",
			"~/.var/app/app.zen_browser.zen/.zen",
		},
		Darwin: []string{"~/Library/Application Support/zen"}},
	{Name: "floorp", Title: "Floorp", Format: "firefox", Layout: Mozilla,
		Linux: []string{
			"~/.floorp",
			"~/.var/app/one.ablaze.floorp/.floorp",
		},
		Darwin: []string{"~/Library/Application Support/Floorp"}},
	{Name: "waterfox", Title: "Waterfox", Format: "firefox", Layout: Mozilla,
		Linux: []string{
			"~/.waterfox",
			"~/.var/app/net.waterfox.waterfox/.waterfox",
		},
		Darwin: []string{"~/Library/Application Support/Waterfox"}},
	{Name: "chrome", Title: "Google Chrome", Format: "chromium", Layout: Chromium,
		Linux: []string{
			"$XDG_CONFIG_HOME/google-chrome",
			"~/.var/app/com.google.Chrome/config/google-chrome",
		},
		Darwin: []string{"~/Library/Application Support/Google/Chrome"}},
	{Name: "chromium", Title: "Chromium", Format: "chromium", Layout: Chromium,
		Linux: []string{
			"$XDG_CONFIG_HOME/chromium",
			"~/snap/chromium/common/chromium",
			"~/.var/app/org.chromium.Chromium/config/chromium",
		},
		Darwin: []string{"~/Library/Application Support/Chromium"}},
	{Name: "brave", Title: "Brave", Format: "chromium", Layout: Chromium,
		Linux: []string{
			"$XDG_CONFIG_HOME/BraveSoftware/Brave-Browser",
			"~/snap/brave/current/.config/BraveSoftware/Brave-Browser",
			"~/.var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser",
		},
		Darwin: []string{"~/Library/Application Support/BraveSoftware/Brave-Browser"}},
	{Name: "edge", Title: "Microsoft Edge", Format: "chromium", Layout: Chromium,
		Linux: []string{
			"$XDG_CONFIG_HOME/microsoft-edge",
			"~/.var/app/com.microsoft.Edge/config/microsoft-edge",
		},
		Darwin: []string{"~/Library/Application Support/Microsoft Edge"}},
	{Name: "vivaldi", Title: "Vivaldi", Format: "chromium", Layout: Chromium,
		Linux: []string{
			"$XDG_CONFIG_HOME/vivaldi",
			"~/snap/vivaldi/current/.config/vivaldi",
			"~/.var/app/com.vivaldi.Vivaldi/config/vivaldi",
		},
		Darwin: []string{"~/Library/Application Support/Vivaldi"}},
	{Name: "opera", Title: "Opera", Format: "chromium", Layout: Chromium,
		Linux: []string{
			"$XDG_CONFIG_HOME/opera",
			"~/snap/opera/current/.config/opera",
			"~/.var/app/com.opera.Opera/config/opera",
		},
		Darwin: []string{"~/Library/Application Support/com.operasoftware.Opera"}},
	{Name: "buku", Title: "buku", Format: "buku", Layout: File, File: "bookmarks.db",
		Linux: []string{
			"$XDG_DATA_HOME/buku",
			"~/.local/share/buku",
		},
		Darwin: []string{"~/Library/Application Support/buku"}},
}
