import DemoApp
import TouchBridge

// The whole of an app's entry point: its command line (run, replay,
// snapshot, --version, --help) comes with it.
DemoAppDelegate.main()
