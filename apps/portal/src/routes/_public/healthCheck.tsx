import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/healthCheck')({ staticData: { title: 'System status' } });
