import type { ReactNode } from "react";
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";

export const PRODUCT_NAME = "Artist Portal";

const body = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif" };
const card = {
  backgroundColor: "#ffffff",
  borderRadius: "8px",
  margin: "24px auto",
  maxWidth: "560px",
  padding: "32px",
};
const muted = { color: "#52525b", fontSize: "13px", lineHeight: "20px" };

export const buttonStyle = {
  backgroundColor: "#4f46e5",
  borderRadius: "6px",
  color: "#ffffff",
  fontSize: "15px",
  fontWeight: 600,
  padding: "12px 20px",
  textDecoration: "none",
};
export const textStyle = { color: "#18181b", fontSize: "15px", lineHeight: "24px" };

/** The frame every mail shares: product name, heading, content, and why the mail came. */
export function EmailLayout(props: {
  preview: string;
  heading: string;
  publicUrl: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={{ ...muted, fontWeight: 600, textTransform: "uppercase" }}>
            {PRODUCT_NAME}
          </Text>
          <Heading as="h1" style={{ color: "#18181b", fontSize: "22px" }}>
            {props.heading}
          </Heading>
          <Section>{props.children}</Section>
          <Hr />
          <Text style={muted}>
            {props.footer ?? "You get this email because you have an account on the"}{" "}
            <Link href={props.publicUrl}>{PRODUCT_NAME}</Link>.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** When something happened, for people in any time zone: UTC, spelled out. */
export function formatWhen(at: number): string {
  return `${new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(at)} UTC`;
}
