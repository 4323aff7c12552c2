import {
  Banknote,
  FileSpreadsheet,
  Inbox,
  List,
  MessageCircle,
  MessageSquareText,
  Music,
  Settings,
  Users,
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

/** What a finance agent has beside the support desk (issue 46). */
export const financeNavItems: NavItem[] = [
  { to: "/desk/statements", label: "Statements", icon: FileSpreadsheet },
  { to: "/desk/artists", label: "Artists", icon: Users },
  { to: "/desk/payouts", label: "Payouts", icon: Banknote },
];

/** An agent's items: the finance desk's before Settings when the agent holds the role. */
export function agentNavItems(finance: boolean): NavItem[] {
  if (!finance) return adminNavItems;
  const settings = adminNavItems.length - 1;
  return [
    ...adminNavItems.slice(0, settings),
    ...financeNavItems,
    ...adminNavItems.slice(settings),
  ];
}
