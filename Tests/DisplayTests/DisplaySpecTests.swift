import Display
import Testing
