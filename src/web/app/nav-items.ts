import {
  Inbox,
  List,
  MessageCircle,
  MessageSquareText,
  Music,
  Settings,
  Wallet,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Left navigation on wide screens. */
export const sideNavItems: NavItem[] = [
  { to: "/", label: "Chat", icon: MessageCircle },
  { to: "/songs", label: "Songs", icon: Music },
  { to: "/wallet", label: "Wallet", icon: Wallet },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** Bottom navigation on small screens: the spec names the songs entry "List". */
export const bottomNavItems: NavItem[] = [
  { to: "/", label: "Chat", icon: MessageCircle },
  { to: "/list", label: "List", icon: List },
  { to: "/wallet", label: "Wallet", icon: Wallet },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** Support agents: their inbox, the song desk, the releases to review, settings. */
export const adminNavItems: NavItem[] = [
  { to: "/", label: "Inbox", icon: Inbox },
  { to: "/desk/songs", label: "Song desk", icon: Music },
  { to: "/desk/releases", label: "Releases", icon: List },
  { to: "/saved-replies", label: "Saved replies", icon: MessageSquareText },
  { to: "/settings", label: "Settings", icon: Settings },
];
