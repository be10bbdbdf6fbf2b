import CafeKiosk

CafeKioskDelegate.main()
